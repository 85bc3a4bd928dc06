import { LRUCache } from 'lru-cache'
import { createHash } from 'node:crypto'
import type { Address, Hex } from 'viem'
import type { AccountOverride, SimulatedSetupCall } from '../../simulate/simulateTransaction.js'
import type { SharedCache } from '../store/types.js'

/**
 * Everything needed to run an answer's simulation again, exactly: the block it was simulated on, the
 * transaction, whose balances were measured, the state overrides and setup calls that funded the
 * sender, and what it measured. Plain JSON (strings for integers), so the shared cache can keep it.
 */
export type QuoteRecord = {
  quoteId: string
  chainId: number
  /** The block built on (the transaction ran in the next one). */
  blockNumber: string
  blockHash: Hex
  /** That block's timestamp, when the simulation stamped the next block one second later. */
  parentTimestamp?: string | undefined
  tx: { from: Address; to: Address; data: Hex; value: string }
  receiver: Address
  tokensOut: Address[]
  /** Per `tokensOut` entry, the account measured instead of `receiver` (bundles). */
  accounts?: Address[] | undefined
  /** What the simulation measured, per `tokensOut` entry. */
  amountsOut: string[]
  overrides?: Record<Address, AccountOverride> | undefined
  setup?: SimulatedSetupCall[] | undefined
}

/** Where explained answers are kept for `POST /shortcuts/replay`: this process, and the replicas' shared cache when there is one. */
export type QuoteStore = {
  put(record: QuoteRecord): Promise<void>
  get(quoteId: string): Promise<QuoteRecord | undefined>
}

/** How long and how many answers are kept by default. */
export const QUOTE_TTL_MS = 60 * 60_000
export const QUOTE_MAX = 10_000

/**
 * The id of an answer: the hash of the request as parsed, the chain, the simulated block and the
 * answer's transaction and amounts. The same request answered the same way on the same block has the
 * same id, on every replica. SHA-256 in Node's native code: the JSON holds the whole calldata, which
 * viem's JavaScript keccak over its hex took ~5 % of an explained answer's main-thread time to hash.
 */
export function quoteIdOf(p: { request: unknown; chainId: number; blockHash: Hex; tx: { to: string; data: Hex; value: string }; amountsOut: readonly string[] }): string {
  const json = JSON.stringify(p, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
  return `q_${createHash('sha256').update(json).digest('hex').slice(0, 32)}`
}

/**
 * A bounded store of explained answers: an LRU in this process (`max` answers for `ttlMs`), written
 * through to the shared cache so another replica can replay an answer this one gave. The shared cache
 * fails open (a Redis outage loses replays from other replicas, never an answer).
 */
export function createQuoteStore(p: { shared?: SharedCache | undefined; max?: number | undefined; ttlMs?: number | undefined } = {}): QuoteStore {
  const ttlMs = p.ttlMs ?? QUOTE_TTL_MS
  const local = new LRUCache<string, QuoteRecord>({ max: p.max ?? QUOTE_MAX, ttl: ttlMs })
  const key = (quoteId: string) => `quote|${quoteId}`
  return {
    async put(record) {
      local.set(record.quoteId, record)
      await p.shared?.set(key(record.quoteId), record, ttlMs)
    },
    async get(quoteId) {
      const found = local.get(quoteId)
      if (found !== undefined || p.shared === undefined) return found
      const shared = (await p.shared.get(key(quoteId))) as QuoteRecord | undefined
      if (shared !== undefined) local.set(quoteId, shared)
      return shared
    },
  }
}
