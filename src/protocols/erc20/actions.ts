import { erc20Abi } from 'viem'
import { z } from 'zod'
import { switchyardBalanceHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress, MAX_UINT256 } from '../../schemas/fields.js'
import { addressArg, amountArg, positiveAmountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { planApprove, planTransfer } from '../bundle/planValues.js'
import { defineBundleAction, type BundleValue } from '../bundle/types.js'

/** The ERC-721 form's `tokenId`: the API documents it as ignored for ERC-20 (the vendor's samples send one). */
const ignoredTokenId = amountArg.optional()

/** `erc20 approve`: the executing contract approves a spender (USDT-safe: zero first). */
export const erc20ApproveAction = defineBundleAction({
  protocol: 'erc20',
  action: 'approve',
  description: 'The executing contract approves spender for amount (default: unlimited) of token; no output',
  delegateOnly: false,
  args: z.strictObject({ token: tokenArg, spender: addressArg, amount: amountArg.optional(), tokenId: ignoredTokenId }),
  outputs: () => [],
  build(ctx, args) {
    if (isNativeAddress(args.token)) ctx.fail('INVALID_TOKEN', 'token', 'the native coin has no allowance')
    planApprove(ctx, args.token, args.spender, args.amount === undefined ? MAX_UINT256 : ctx.amount(args.amount))
    return []
  },
})

/** `erc20 transfer`: the executing contract sends tokens (its whole balance when amount is omitted). */
export const erc20TransferAction = defineBundleAction({
  protocol: 'erc20',
  action: 'transfer',
  description: 'Transfers amount (default: the whole balance at execution) of token to receiver; output: the amount sent',
  delegateOnly: false,
  args: z.strictObject({ token: tokenArg, receiver: receiverArg, amount: positiveAmountArg.optional(), tokenId: ignoredTokenId }),
  outputs: () => ['amount'],
  build(ctx, args) {
    let amount: BundleValue
    if (args.amount !== undefined) amount = ctx.amount(args.amount)
    else {
      const value = ctx.planner.add(functionCall({ address: ctx.helpers.balance, abi: switchyardBalanceHelperAbi, functionName: 'balanceOfCaller', args: [args.token] }).staticcall())
      amount = { kind: 'amount', value, estimate: ctx.held(args.token), token: args.token }
    }
    planTransfer(ctx, args.token, amount, args.receiver)
    return [amount]
  },
})

/**
 * `erc20 transferfrom`: pulls tokens with the executing contract's allowance. Delegate only: our
 * executor holds no allowances by design (THREATS 1), so under the router it could only fail.
 */
export const erc20TransferFromAction = defineBundleAction({
  protocol: 'erc20',
  action: 'transferfrom',
  description: "Moves amount of token from sender (default: the wallet's owner address fromAddress) to receiver with the wallet's allowance; delegate only; output: the amount",
  delegateOnly: true,
  args: z.strictObject({ token: tokenArg, receiver: receiverArg, amount: positiveAmountArg, sender: addressArg.optional(), tokenId: ignoredTokenId }),
  outputs: () => ['amount'],
  build(ctx, args) {
    if (isNativeAddress(args.token)) ctx.fail('INVALID_TOKEN', 'token', 'the native coin cannot be pulled')
    const amount = ctx.amount(args.amount)
    const sender = args.sender ?? ctx.fromAddress
    ctx.planner.add(functionCall({ address: args.token, abi: erc20Abi, functionName: 'transferFrom', args: [sender, args.receiver, amount.value] }))
    ctx.produce(args.token, amount, args.receiver)
    return [amount]
  },
})

/** Every ERC-20 action. */
export const erc20Actions = [erc20ApproveAction, erc20TransferAction, erc20TransferFromAction]
