import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { RateLimiter, RateLimitOptions, RateLimitResult } from '../auth/createRateLimiter.js'
import { createSharedCache } from './createSharedCache.js'
import { StoreUnavailableError } from './errors.js'
import { TOKEN_BUCKET_SCRIPT } from './tokenBucketScript.js'
import type { Store } from './types.js'

/** Parameters of {@link createRedisStore}. */
export type CreateRedisStoreParameters = {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` (`SWITCHYARD_REDIS_URL`). */
  url: string
  logger: Logger
  /** Prefix of every key, so several deployments can share one Redis. Default `switchyard:`. */
  prefix?: string | undefined
  /** Longest a command may take before the request is refused (rate limits) or computed locally (cache), ms. Default 1 000. */
  commandTimeoutMs?: number | undefined
  /** How long startup waits for the first connection before going on without it, ms. Default 5 000. */
  connectTimeoutMs?: number | undefined
  /** Clock in ms for the buckets; injectable for tests. Default: the Redis server's clock (`TIME`). */
  now?: (() => number) | undefined
}

type TokenBucketRedis = Redis & { takeToken(key: string, limit: number, windowMs: number, now: string): Promise<[number, number, number, number]> }

/**
 * The store every replica shares through one Redis: rate-limit buckets (one atomic Lua token
 * bucket per key, EVALSHA) and a shared cache with a compute lock. An outage never crashes the
 * process: commands fail fast (no offline queue, `commandTimeoutMs`), the client reconnects in the
 * background, and each state change is logged once (`redis store unavailable` / `redis store ready`).
 * While it is down, rate-limit checks throw {@link StoreUnavailableError} (fail closed: 503), and the
 * cache fails open (every replica computes for itself).
 * @param params - {@link CreateRedisStoreParameters}
 * @returns a {@link Store} of kind `redis`, after the first connection or `connectTimeoutMs`
 */
export async function createRedisStore(params: CreateRedisStoreParameters): Promise<Store> {
  const prefix = params.prefix ?? 'switchyard:'
  const log = params.logger.child({ component: 'redis-store' })
  const redis = new Redis(params.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: params.commandTimeoutMs ?? 1_000,
    connectTimeout: params.connectTimeoutMs ?? 5_000,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  }) as TokenBucketRedis
  redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TOKEN_BUCKET_SCRIPT })
  let up: boolean | undefined
  const report = (nowUp: boolean, err?: unknown) => {
    if (up === nowUp) return
    up = nowUp
    if (nowUp) log.info('redis store ready')
    else log.error({ err }, 'redis store unavailable: rate limits answer 503, caches compute locally')
  }
  redis.on('ready', () => report(true))
  redis.on('error', (err) => report(false, err))
  // No 'end' listener: the retry strategy never gives up, so the client ends only when close() quits
  // it, and a graceful shutdown is not an outage (it logged 'redis store unavailable' at error level).
  await Promise.race([
    redis.connect().catch((err: unknown) => report(false, err)),
    new Promise((resolve) => setTimeout(resolve, params.connectTimeoutMs ?? 5_000).unref()),
  ])
  let closed = false
  return {
    kind: 'redis',
    createRateLimiter: (options) => createRedisRateLimiter({ redis, prefix, options, now: params.now }),
    cache: createSharedCache({ redis, prefix: `${prefix}cache:`, owner: randomUUID(), log }),
    async close() {
      if (closed) return
      closed = true
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

function createRedisRateLimiter(p: { redis: TokenBucketRedis; prefix: string; options: RateLimitOptions; now: (() => number) | undefined }): RateLimiter {
  const { limit, windowMs } = p.options
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`rate limit must be a positive integer, got ${limit}`)
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError(`rate limit window must be positive, got ${windowMs}`)
  return {
    limit,
    windowMs,
    async check(key): Promise<RateLimitResult> {
      let reply: [number, number, number, number]
      try {
        // Budgets of different sizes never share a bucket (a config change starts fresh buckets).
        reply = await p.redis.takeToken(`${p.prefix}rl:${limit}:${windowMs}:${key}`, limit, windowMs, p.now === undefined ? '' : String(p.now()))
      } catch (cause) {
        throw new StoreUnavailableError({ cause })
      }
      const [allowed, remaining, resetSeconds, retryAfterSeconds] = reply
      return { allowed: allowed === 1, limit, remaining, resetSeconds, retryAfterSeconds }
    },
  }
}
