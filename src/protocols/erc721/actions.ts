import { parseAbi, type Address } from 'viem'
import { z } from 'zod'
import { functionCall } from '../../encoding/call.js'
import { isNativeAddress } from '../../schemas/fields.js'
import { addressArg, amountArg, receiverArg, tokenArg } from '../bundle/args.js'
import { defineBundleAction, type AmountArg, type BundleActionContext, type BundleValue } from '../bundle/types.js'

const erc721Abi = parseAbi([
  'function approve(address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
])

/** A token id: a literal, or a reference to an earlier output (a `depositclmm`'s tokenId). */
const tokenIdArg = amountArg

function refuseNative(ctx: BundleActionContext, token: string): void {
  if (isNativeAddress(token)) ctx.fail('INVALID_TOKEN', 'token', 'the native coin is not an ERC-721 collection')
}

/**
 * Moves one NFT with `safeTransferFrom` (`transfer`: a receiver contract without `onERC721Received`
 * makes the simulation revert instead of locking the NFT) or `transferFrom` (`transferfrom`, as the
 * action is named: it mostly pulls an NFT into the wallet itself, whose simulated stand-in forwards
 * every callback to our delegate). The receiver's count of the collection is measured like any
 * delivery (it grows by 1).
 */
function planNftTransfer(ctx: BundleActionContext, args: { token: Address; receiver: Address; tokenId: AmountArg }, from: Address, safe: boolean): BundleValue[] {
  refuseNative(ctx, args.token)
  const tokenId = ctx.amount(args.tokenId)
  ctx.planner.add(functionCall({ address: args.token, abi: erc721Abi, functionName: safe ? 'safeTransferFrom' : 'transferFrom', args: [from, args.receiver, tokenId.value] }))
  ctx.produce(args.token, { kind: 'amount', value: 1n, estimate: 1n }, args.receiver, { nonFungible: true })
  return [tokenId]
}

/** `erc721 approve`: the executing contract approves `spender` for one NFT it owns. */
export const erc721ApproveAction = defineBundleAction({
  protocol: 'erc721',
  action: 'approve',
  description: 'The executing contract approves spender for its NFT tokenId of collection token; no output',
  delegateOnly: false,
  // `amount` is the ERC-20 form's field: accepted and ignored, as the API documents for ERC-721.
  args: z.strictObject({ token: tokenArg, spender: addressArg, tokenId: tokenIdArg, amount: amountArg.optional() }),
  outputs: () => [],
  build(ctx, args) {
    refuseNative(ctx, args.token)
    ctx.planner.add(functionCall({ address: args.token, abi: erc721Abi, functionName: 'approve', args: [args.spender, ctx.amount(args.tokenId).value] }))
    return []
  },
})

/** `erc721 transfer`: the executing contract sends one NFT it owns to `receiver`. */
export const erc721TransferAction = defineBundleAction({
  protocol: 'erc721',
  action: 'transfer',
  description: 'Sends NFT tokenId of collection token from the executing contract to receiver (safeTransferFrom); output: the tokenId',
  delegateOnly: false,
  args: z.strictObject({ token: tokenArg, receiver: receiverArg, tokenId: tokenIdArg, amount: amountArg.optional() }),
  outputs: () => ['amount'],
  build: (ctx, args) => planNftTransfer(ctx, args, ctx.self, true),
})

/**
 * `erc721 transferfrom`: moves an NFT from `sender` (default: the executing wallet) with the wallet's
 * approval. Delegate only: our executor holds no approvals by design (THREATS 1).
 */
export const erc721TransferFromAction = defineBundleAction({
  protocol: 'erc721',
  action: 'transferfrom',
  description: "Moves NFT tokenId of collection token from sender (default: the wallet) to receiver with the wallet's approval (transferFrom); delegate only; output: the tokenId",
  delegateOnly: true,
  args: z.strictObject({ token: tokenArg, receiver: receiverArg, tokenId: tokenIdArg, sender: addressArg.optional(), amount: amountArg.optional() }),
  outputs: () => ['amount'],
  build: (ctx, args) => planNftTransfer(ctx, args, args.sender ?? ctx.self, false),
})

/** Every ERC-721 action. */
export const erc721Actions = [erc721ApproveAction, erc721TransferAction, erc721TransferFromAction]
