import { parseAbi } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { addressArg, positiveAmountArg, receiverArg, tokenArg, uintLiteral } from '../bundle/args.js'
import { defineBundleAction } from '../bundle/types.js'

const permit2Abi = parseAbi([
  'function permitTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, (address to, uint256 requestedAmount) transferDetails, address owner, bytes signature)',
])

/**
 * `permit2 permittransferfrom`: a signature transfer through Permit2. Delegate only: a signature naming
 * a shared executor as spender could be replayed by anyone through our router towards any `to`, because
 * SignatureTransfer does not sign the destination (THREATS E14); a wallet spender is the signer's own.
 */
export const permit2PermitTransferFromAction = defineBundleAction({
  protocol: 'permit2',
  action: 'permittransferfrom',
  description: "Moves amount of token from sender to receiver with a Permit2 signature naming the wallet as spender; delegate only; output: the amount",
  delegateOnly: true,
  args: z.strictObject({
    token: tokenArg,
    amount: positiveAmountArg,
    sender: addressArg,
    receiver: receiverArg,
    nonce: uintLiteral,
    deadline: uintLiteral,
    signature: z.string().regex(/^0x([0-9a-fA-F]{2}){64,65}$/, 'must be a 64- or 65-byte hex signature'),
  }),
  outputs: () => ['amount'],
  build(ctx, args) {
    if (args.sender.toLowerCase() !== ctx.fromAddress.toLowerCase()) {
      ctx.fail('INVALID_ACTION', 'sender', 'must be fromAddress: a bundle never moves funds of anyone but its sender')
    }
    const amount = ctx.amount(args.amount)
    ctx.planner.add(
      functionCall({
        address: ctx.contracts.permit2,
        abi: permit2Abi,
        functionName: 'permitTransferFrom',
        args: [{ permitted: { token: args.token, amount: amount.value }, nonce: args.nonce, deadline: args.deadline }, { to: args.receiver, requestedAmount: amount.value }, args.sender, args.signature],
      }),
    )
    ctx.produce(args.token, amount, args.receiver)
    return [amount]
  },
})
