import { LRUCache } from 'lru-cache'
import { toFunctionSelector, type Address, type Hex, type PublicClient } from 'viem'
import { aggregateCalls, type RawCall, type RawResult } from '../chain/discovery/aggregateCalls.js'
import { TokenBlocklistedError, TokenPausedError } from '../errors/token.js'

/** An address a request names, with the field that named it. */
export type NamedAddress = { field: string; address: Address }
/** An address tokens would move from, to or through; `ours`: one of our contracts (the token's field is named). */
export type TokenHolder = NamedAddress & { ours?: boolean | undefined }

/** Parameters of {@link assertTokenClasses}. */
export type AssertTokenClassesParameters = {
  chainId: number
  /** Reads run on this block (the snapshot's), so the check and the simulation see one state. */
  blockNumber: bigint
  multicall3: Address
  /** The tokens the request moves (not the native coin), each with its field (`tokenIn[0]`). */
  tokens: readonly NamedAddress[]
  /** Addresses the tokens would move from, to or through: the sender, the receivers, our contracts. */
  holders: readonly TokenHolder[]
}

export type AssertTokenClassesErrorType = TokenPausedError | TokenBlocklistedError

/** `paused()`: OpenZeppelin Pausable, USDC, and most pausable tokens. */
const PAUSED = toFunctionSelector('function paused()')
/** The blocklist getters of USDC (`isBlacklisted`) and USDT (`isBlackListed`). */
const BLOCKLIST = [toFunctionSelector('function isBlacklisted(address)'), toFunctionSelector('function isBlackListed(address)')]

const word = (address: Address) => `000000000000000000000000${address.slice(2).toLowerCase()}`
/** A getter answered `true`: exactly one ABI word equal to 1 (a revert, no code or another shape is no). */
const isTrue = (r: RawResult | undefined) => r?.success === true && r.returnData.length === 66 && BigInt(r.returnData) === 1n

/** Answers per block and request shape: identical requests on one block read the chain once. */
const reads = new LRUCache<string, Promise<RawResult[]>>({ max: 2_000, ttl: 60_000 })

/**
 * Refuses, before any search, a request moving a token whose own state makes every transfer revert,
 * read from the chain at the quoted block in one `aggregate3` (no list of known tokens): a token whose
 * `paused()` is true (`TOKEN_PAUSED`), or whose blocklist (`isBlacklisted` / `isBlackListed`) holds the
 * sender, a receiver, or the contract that would hold the tokens (`TOKEN_BLOCKLISTED`). A token without
 * these getters passes. The other weird-token classes route (docs/devnet.md, "Weird tokens").
 * @throws {AssertTokenClassesErrorType}
 */
export async function assertTokenClasses(client: PublicClient, params: AssertTokenClassesParameters): Promise<void> {
  const tokens = uniqueBy(params.tokens)
  const holders = uniqueBy(params.holders)
  if (tokens.length === 0) return
  // The calls are a function of the tokens and holders, in order: they name the read (a stream re-quotes
  // every watched request each block, and most of them ask this of the same few addresses).
  const key = `${params.chainId}:${params.blockNumber}:${tokens.map((t) => t.address).join(',')}:${holders.map((h) => h.address).join(',')}`.toLowerCase()
  let pending = reads.get(key)
  if (!pending) {
    const calls: RawCall[] = tokens.flatMap((t) => [
      { target: t.address, data: PAUSED as Hex },
      ...holders.flatMap((h) => BLOCKLIST.map((selector) => ({ target: t.address, data: `${selector}${word(h.address)}` as Hex }))),
    ])
    pending = aggregateCalls(client, { multicall3: params.multicall3, calls, blockNumber: params.blockNumber })
    // A failed read is not remembered.
    pending.catch(() => reads.delete(key))
    reads.set(key, pending)
  }
  const results = await pending
  const perToken = 1 + holders.length * BLOCKLIST.length
  tokens.forEach((t, i) => {
    const at = i * perToken
    if (isTrue(results[at])) throw new TokenPausedError({ token: t.address, field: t.field })
    holders.forEach((h, j) => {
      const base = at + 1 + j * BLOCKLIST.length
      if (BLOCKLIST.some((_, k) => isTrue(results[base + k]))) {
        throw new TokenBlocklistedError({ token: t.address, holder: h.address, field: h.ours === true ? t.field : h.field })
      }
    })
  })
}

/** First entry per address (any case). */
function uniqueBy<T extends NamedAddress>(list: readonly T[]): T[] {
  const seen = new Set<string>()
  return list.filter((x) => {
    const k = x.address.toLowerCase()
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
