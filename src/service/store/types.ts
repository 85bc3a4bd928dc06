import type { RateLimiter, RateLimitOptions } from '../auth/createRateLimiter.js'

/**
 * Where the state that replicas must agree on lives: the rate-limit buckets and the shared results
 * (route computations, bridge-status records). Built once in `startSwitchyard` and injected through
 * the auth context and the service context; never a module-level singleton.
 */
export type Store = {
  /** `memory`: this process only (the default); `redis`: shared by every replica on the same Redis. */
  readonly kind: 'memory' | 'redis'
  /**
   * A token-bucket limiter whose buckets live in this store. Called once per budget at startup.
   * The buckets of two limiters made by two replicas on the same Redis are the same buckets.
   */
  createRateLimiter(options: RateLimitOptions): RateLimiter
  /** Results shared between replicas; `undefined` in memory (the in-process single flight is the cache). */
  readonly cache: SharedCache | undefined
  /** Releases connections. Safe to call twice. */
  close(): Promise<void>
}

/** Parameters of {@link SharedCache.getOrCompute}. */
export type GetOrComputeParameters<T> = {
  /** The request's identity, including the block version it was computed on. */
  key: string
  /** How long the answer is kept, ms. */
  ttlMs: number
  /** Computes the answer; called by at most one replica at a time per key while the lock holds. */
  compute: () => Promise<T>
  /** Epoch ms after which waiting for another replica is pointless; the caller's own deadline. */
  deadline?: number | undefined
}

/**
 * A cache shared by the replicas. Contract:
 * - Values are plain data (objects, arrays, strings, numbers, booleans, bigint, Map, Set,
 *   Uint8Array, undefined); anything else does not survive the round trip.
 * - Never throws because the store is down: reads miss, writes are dropped, `getOrCompute`
 *   computes locally (fail open), and the outage is logged. Errors of `compute` itself propagate.
 * - Must not be called from a worker thread (it does network I/O).
 */
export type SharedCache = {
  /**
   * The cached answer for `key`, or the one computed now. While one replica computes (it holds a
   * short lock), the others poll for its answer instead of computing, until the lock is gone or
   * their deadline passes; then they compute themselves. A failed computation is not cached.
   */
  getOrCompute<T>(params: GetOrComputeParameters<T>): Promise<T>
  /** The value stored under `key`, or `undefined`. */
  get(key: string): Promise<unknown>
  /** Stores `value` under `key` for `ttlMs`. */
  set(key: string, value: unknown, ttlMs: number): Promise<void>
}
