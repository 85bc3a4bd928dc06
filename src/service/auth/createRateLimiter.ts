import { LRUCache } from 'lru-cache'

/** A budget: `limit` requests per `windowMs`, refilled continuously (token bucket). */
export type RateLimitOptions = {
  /** Bucket capacity: the burst allowed, and the requests allowed per window. */
  limit: number
  /** Time to refill an empty bucket, in ms. */
  windowMs: number
}

export type CreateRateLimiterParameters = RateLimitOptions & {
  /** Most buckets kept (LRU); an evicted bucket restarts full. Default 50 000. */
  maxEntries?: number | undefined
  /** Clock in ms; injectable for tests. Default `performance.now`. */
  now?: (() => number) | undefined
}

/** Outcome of one {@link RateLimiter.check}. */
export type RateLimitResult = {
  /** Whether the request may proceed (one token was taken). */
  allowed: boolean
  /** Bucket capacity (`X-RateLimit-Limit`). */
  limit: number
  /** Whole tokens left after this request (`X-RateLimit-Remaining`). */
  remaining: number
  /** Seconds until the bucket is full again (`X-RateLimit-Reset`, delta seconds). */
  resetSeconds: number
  /** Seconds until one token is available (`Retry-After`); 0 when allowed. */
  retryAfterSeconds: number
}

/**
 * A token-bucket budget per key. The in-process limiter answers synchronously; a limiter on a shared
 * store (`Store.createRateLimiter`, Redis) answers asynchronously and rejects with
 * `StoreUnavailableError` (503) when the store does not answer: callers `await` the result.
 */
export type RateLimiter = {
  /** Takes one token from `key`'s bucket if it has one. O(1). */
  check(key: string): RateLimitResult | Promise<RateLimitResult>
  readonly limit: number
  readonly windowMs: number
}

/** The in-process limiter, which always answers synchronously. */
export type InProcessRateLimiter = Omit<RateLimiter, 'check'> & { check(key: string): RateLimitResult }

type Bucket = { tokens: number; at: number }

/** Default budget per API key. */
export const DEFAULT_KEY_RATE_LIMIT: RateLimitOptions = { limit: 600, windowMs: 60_000 }
/** Default budget per client IP for requests without a valid key. */
export const DEFAULT_IP_RATE_LIMIT: RateLimitOptions = { limit: 60, windowMs: 60_000 }

/**
 * A token-bucket rate limiter keyed by string. Each bucket holds up to `limit` tokens and refills
 * at `limit / windowMs`; a request takes one. Memory is bounded by an LRU of `maxEntries` buckets.
 *
 * @example
 * const limiter = createRateLimiter({ limit: 600, windowMs: 60_000 })
 * const { allowed, retryAfterSeconds } = limiter.check(apiKey.hash)
 * @param params - {@link CreateRateLimiterParameters}
 * @returns the limiter
 * @throws RangeError when `limit` is not a positive integer or `windowMs` not positive
 */
export function createRateLimiter({ limit, windowMs, maxEntries = 50_000, now = () => performance.now() }: CreateRateLimiterParameters): InProcessRateLimiter {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`rate limit must be a positive integer, got ${limit}`)
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError(`rate limit window must be positive, got ${windowMs}`)
  const perMs = limit / windowMs
  const buckets = new LRUCache<string, Bucket>({ max: maxEntries })
  return {
    limit,
    windowMs,
    check(key) {
      const t = now()
      let bucket = buckets.get(key)
      if (bucket === undefined) {
        bucket = { tokens: limit, at: t }
        buckets.set(key, bucket)
      } else {
        bucket.tokens = Math.min(limit, bucket.tokens + Math.max(0, t - bucket.at) * perMs)
        bucket.at = t
      }
      const allowed = bucket.tokens >= 1
      if (allowed) bucket.tokens -= 1
      const seconds = (tokens: number) => Math.ceil(tokens / perMs / 1000)
      return {
        allowed,
        limit,
        remaining: Math.floor(bucket.tokens),
        resetSeconds: seconds(limit - bucket.tokens),
        retryAfterSeconds: allowed ? 0 : Math.max(1, seconds(1 - bucket.tokens)),
      }
    },
  }
}
