import type { ChainAddressBook } from '../chain/addressBook.js'
import { NATIVE_ADDRESS } from '../schemas/fields.js'

/**
 * Why an address in the address book can never be a receiver:
 * - `switchyard`: one of our own contracts (`switchyard.*`: routers, executors, delegates, helpers,
 *   the smart-wallet factory, the bridge sender and receivers). The executor is free for anyone to sweep.
 * - `token`: a token the book lists (`tokens.*`). Tokens sent to a token's own contract are stuck.
 * - `protocol`: any other contract of a protocol section: routers, vaults, pools and pairs, pool
 *   managers, factories, multicalls, Permit2, lending pools, oracles, bridge endpoints and pools.
 *   Funds sent there are stuck or free for anyone to sweep (a Uniswap V2 pair's `skim`, the router's
 *   `sweepToken`, Multicall3 run by anyone).
 */
export type ForbiddenAddressKind = 'switchyard' | 'token' | 'protocol'

/** One forbidden address: its kind and where the book names it (e.g. `uniswapV2.router02`). */
export type ForbiddenAddress = { kind: ForbiddenAddressKind; path: string }

/** Lowercase address → why it is forbidden. */
export type ForbiddenAddresses = ReadonlyMap<string, ForbiddenAddress>

/**
 * Keys that name accounts (people's keys), not contracts: the devnet relayers and admins. A receiver
 * equal to one of them can use its tokens.
 */
const ACCOUNT_KEYS = new Set(['relayer', 'admin', 'deployer', 'owner'])

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const ZERO = `0x${'0'.repeat(40)}`
const NATIVE = NATIVE_ADDRESS.toLowerCase()

type Leaf = { address: string; path: string; section: string }

/** Every address-valued leaf of the book, with its path (`uniswapV3.pools[4].address`) and top-level section. */
function leavesOf(book: ChainAddressBook): Leaf[] {
  const out: Leaf[] = []
  const walk = (value: unknown, path: string, section: string): void => {
    if (typeof value === 'string') {
      if (ADDRESS.test(value)) out.push({ address: value.toLowerCase(), path, section })
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${path}[${i}]`, section))
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) if (!ACCOUNT_KEYS.has(k)) walk(v, `${path}.${k}`, section)
    }
  }
  for (const [section, value] of Object.entries(book)) walk(value, section, section)
  return out
}

/** Lists (and maps) longer than this are sampled by {@link fingerprintOf} in its quick form: length and both ends. */
const QUICK_LIST_MAX = 64
/** Longest time a book is trusted on its quick fingerprint alone before the whole one is taken again. */
const FULL_CHECK_MS = 10_000

/**
 * A cheap fingerprint of the book: FNV-1a over its shape (keys, array lengths) and, for each string,
 * its length and its first and last 8 characters after `0x` (16 hex digits of an address: a replaced
 * address collides with odds of 16^-16), without building paths. Any added, removed or replaced entry
 * changes it. A few microseconds for a devnet book; the full derivation runs only when it changes.
 * `quick` walks a long list or map (a mainnet book's 25,000 pools and 5,000 tokens: ~20 ms in full) by
 * its length and its first and last entries only: an append, a removal or any change outside long lists is seen at once, a
 * replacement inside one by the whole fingerprint, taken at least every {@link FULL_CHECK_MS}.
 */
function fingerprintOf(book: ChainAddressBook, quick: boolean): number {
  let hash = 0x811c9dc5
  const mix = (code: number): void => {
    hash = Math.imul(hash ^ code, 0x01000193)
  }
  const text = (t: string): void => {
    mix(t.length)
    if (t.length <= 18) {
      for (let i = 0; i < t.length; i++) mix(t.charCodeAt(i))
      return
    }
    for (let i = 2; i < 10; i++) mix(t.charCodeAt(i))
    for (let i = t.length - 8; i < t.length; i++) mix(t.charCodeAt(i))
  }
  const walk = (value: unknown): void => {
    if (typeof value === 'string') text(value)
    else if (Array.isArray(value)) {
      mix(0x5b + value.length)
      if (quick && value.length > QUICK_LIST_MAX) {
        walk(value[0])
        walk(value[value.length - 1])
      } else for (const v of value) walk(v)
    } else if (value && typeof value === 'object') {
      const keys = Object.keys(value)
      if (quick && keys.length > QUICK_LIST_MAX) {
        // A map as long as a list (a mainnet book's 5,000 tokens by symbol): its size and both ends.
        mix(0x7b + keys.length)
        for (const k of [keys[0]!, keys[keys.length - 1]!]) {
          text(k)
          walk((value as Record<string, unknown>)[k])
        }
      } else {
        for (const k of keys) {
          text(k)
          walk((value as Record<string, unknown>)[k])
        }
      }
    }
  }
  walk(book)
  return hash >>> 0
}

const cache = new WeakMap<ChainAddressBook, { quick: number; full: number; fullAt: number; forbidden: ForbiddenAddresses }>()

/**
 * Every address of one chain's address book that would lose the funds sent to it, derived from the
 * book itself (never a hand-kept list): our own contracts, the tokens it lists, and every contract of
 * every protocol section (Uniswap routers, factories and pools, the Balancer Vault and pools, Permit2,
 * Multicall3, Aave's Pool and its tokens, Morpho, Lido, ERC-4626 vaults, LayerZero, Stargate, Across,
 * and any section added later). Accounts (relayers, admins) are left out. A new pool or protocol in the
 * book is picked up on the next call: the result is cached per book (WeakMap) and rebuilt when the
 * book's addresses change (discovery fills books in place); an entry replaced inside a list of over 64
 * (a mainnet book's pools) without changing its length is picked up within 10 s (see fingerprintOf).
 *
 * When an address appears under several kinds, `switchyard` wins over `token`, and `token` over
 * `protocol` (a Uniswap V2 pair listed as an LP token is a token).
 *
 * @param book - one chain's address book
 * @returns lowercase address → kind and the book path that names it
 */
export function forbiddenAddressesOf(book: ChainAddressBook, now: number = Date.now()): ForbiddenAddresses {
  const quick = fingerprintOf(book, true)
  const hit = cache.get(book)
  let full: number | undefined
  if (hit && hit.quick === quick) {
    if (now - hit.fullAt < FULL_CHECK_MS) return hit.forbidden
    full = fingerprintOf(book, false)
    if (full === hit.full) {
      hit.fullAt = now
      return hit.forbidden
    }
  }
  const leaves = leavesOf(book)
  const rank: Record<ForbiddenAddressKind, number> = { switchyard: 0, token: 1, protocol: 2 }
  const forbidden = new Map<string, ForbiddenAddress>()
  for (const leaf of leaves) {
    if (leaf.address === ZERO || leaf.address === NATIVE) continue
    const kind: ForbiddenAddressKind = leaf.section === 'switchyard' ? 'switchyard' : leaf.section === 'tokens' ? 'token' : 'protocol'
    const seen = forbidden.get(leaf.address)
    if (!seen || rank[kind] < rank[seen.kind]) forbidden.set(leaf.address, { kind, path: kind === 'token' ? leaf.path.replace(/\.address$/, '') : leaf.path })
  }
  cache.set(book, { quick, full: full ?? fingerprintOf(book, false), fullAt: now, forbidden })
  return forbidden
}
