import { InvalidRequestError } from '../errors/request.js'
import { isNativeAddress, isReservedAddress, senderIssueOf } from '../schemas/fields.js'
import type { ServiceContext } from './context.js'
import { forbiddenAddressesOf, type ForbiddenAddress, type ForbiddenAddresses } from './forbiddenAddressesOf.js'

/** One request field naming an address. */
export type AddressField = { field: string; address: string | undefined }

export type AssertUsableAddressesParameters = {
  /** The sender (`fromAddress`): only refused when it is the zero address or a precompile. */
  sender?: AddressField | undefined
  /**
   * Fields naming where funds go or who acts (receiver, refundReceiver, feeReceiver, spender, an
   * action's receiver). A field equal to the sender is the sender itself and is not checked again
   * (defaults: the receiver is the sender unless given).
   */
  receivers: readonly AddressField[]
  /** Tokens this request moves (tokenIn, tokenOut, a bundle's named tokens): none may be a receiver. */
  tokens?: readonly string[] | undefined
  /**
   * Fields that move tokens to an address the request then uses (a transfer into a pool before a
   * `call` to it): only the precompiles and our own contracts are refused there.
   */
  transfers?: readonly AddressField[] | undefined
}

export type AssertUsableAddressesErrorType = InvalidRequestError

const describe: Record<ForbiddenAddress['kind'], { code: string; what: (path: string) => string }> = {
  switchyard: { code: 'INVALID_RECEIVER', what: (path) => `switchyard's own contract (${path}): funds sent there are stuck or free for anyone to sweep` },
  token: { code: 'RECEIVER_IS_TOKEN_CONTRACT', what: (path) => `a token contract (${path}): tokens sent to a token's own contract are stuck` },
  protocol: { code: 'RECEIVER_IS_PROTOCOL_CONTRACT', what: (path) => `a protocol contract (${path}): funds sent there are stuck or free for anyone to sweep` },
}

function refuse(code: string, field: string, reason: string): never {
  throw new InvalidRequestError({ code, message: `${field}: ${reason}`, issues: [{ field, reason }] })
}

/**
 * Refuses every address known to lose the funds sent to it, in this order (stable codes, HTTP 400 /
 * gRPC INVALID_ARGUMENT):
 * - the sender is the zero address or in the precompile range (`0x…0000`–`0x…ffff`): SENDER_IS_PRECOMPILE;
 * - a receiver in EIP-1352's reserved range `0x…0001`–`0x…ffff`: RECEIVER_IS_PRECOMPILE (the shared
 *   schema refuses these first; checked again for receivers the service derives);
 * - one of switchyard's own contracts on any served chain: INVALID_RECEIVER (these two rules, and only
 *   these, also apply to `transfers`);
 * - a token the request moves (tokenOut as receiver, tokenIn, a bundle's tokens) or any token of a
 *   served chain's address book: RECEIVER_IS_TOKEN_CONTRACT;
 * - any other contract of a served chain's address book (routers, vaults, pools, managers,
 *   multicalls, bridges): RECEIVER_IS_PROTOCOL_CONTRACT.
 *
 * Every served chain's book counts: canonical contracts share addresses across chains, and cross-chain
 * requests deliver on another chain. The lists come from {@link forbiddenAddressesOf}.
 *
 * @throws {AssertUsableAddressesErrorType}
 */
export function assertUsableAddresses(ctx: Pick<ServiceContext, 'chains' | 'forbiddenAddresses'>, { sender, receivers, tokens = [], transfers = [] }: AssertUsableAddressesParameters): void {
  if (sender?.address) {
    const issue = senderIssueOf(sender.address)
    if (issue) refuse('SENDER_IS_PRECOMPILE', sender.field, issue)
  }
  // Derived on first use: most requests name no receiver besides the sender, and then no book is read.
  let books: ForbiddenAddresses[] | undefined
  const booksOf = () => (books ??= Object.values(ctx.chains).map((chain) => (ctx.forbiddenAddresses ?? forbiddenAddressesOf)(chain.addressBook)))
  const moved = new Set(tokens.filter((t) => !isNativeAddress(t)).map((t) => t.toLowerCase()))
  const senderLower = sender?.address?.toLowerCase()
  /** The precompile and own-contract rules every field gets; returns what the books know of the address. */
  const common = (field: string, address: string): ForbiddenAddress[] => {
    if (isReservedAddress(address)) refuse('RECEIVER_IS_PRECOMPILE', field, `${address} is in the precompile range 0x…0001–0x…ffff: funds sent there are lost`)
    const known = booksOf().map((b) => b.get(address.toLowerCase())).filter((f) => f !== undefined)
    const own = known.find((f) => f.kind === 'switchyard')
    if (own) refuse(describe.switchyard.code, field, `${address} is ${describe.switchyard.what(own.path)}`)
    return known
  }
  for (const { field, address } of transfers) if (address) common(field, address)
  for (const { field, address } of receivers) {
    if (!address) continue
    const lower = address.toLowerCase()
    if (lower === senderLower) continue
    const known = common(field, address)
    if (moved.has(lower)) refuse('RECEIVER_IS_TOKEN_CONTRACT', field, `${address} is a token this request moves: tokens sent to a token's own contract are stuck`)
    const first = known.find((f) => f.kind === 'token') ?? known[0]
    if (first) refuse(describe[first.kind].code, field, `${address} is ${describe[first.kind].what(first.path)}`)
  }
}
