import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { decodeSharedValue, encodeSharedValue } from './encodeSharedValue.js'
import type { GetOrComputeParameters, SharedCache } from './types.js'

/** Longest one replica holds the compute lock of a key, ms (its computation's own bound is shorter). */
const LOCK_MS = 15_000
/** How often a replica waiting on another's computation looks for the answer, ms. */
const POLL_MS = 15

/** Deletes the lock only when this replica still holds it. */
const UNLOCK_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`

/**
 * The Redis side of {@link SharedCache}: values under `prefix + key` with a TTL, and a lock
 * (`SET NX PX`, owner token) under `prefix + key + ':lock'` while one replica computes.
 * Fails open: a Redis error is logged (at most once per second) and treated as a miss.
 * @param p.owner - this replica's lock token
 * @returns the cache
 */
export function createSharedCache(p: { redis: Redis; prefix: string; owner: string; log: Logger }): SharedCache {
  let lastLog = 0
  const failed = (err: unknown, op: string) => {
    const t = Date.now()
    if (t - lastLog < 1_000) return
    lastLog = t
    p.log.warn({ err, op }, 'redis cache unavailable; computing locally')
  }
  const read = async (key: string): Promise<{ hit: boolean; value: unknown }> => {
    const text = await p.redis.get(p.prefix + key)
    return text === null ? { hit: false, value: undefined } : { hit: true, value: decodeSharedValue(text) }
  }
  const write = async (key: string, value: unknown, ttlMs: number) => {
    await p.redis.set(p.prefix + key, encodeSharedValue(value), 'PX', Math.max(1, Math.ceil(ttlMs)))
  }
  return {
    async get(key) {
      try {
        return (await read(key)).value
      } catch (err) {
        failed(err, 'get')
        return undefined
      }
    },
    async set(key, value, ttlMs) {
      try {
        await write(key, value, ttlMs)
      } catch (err) {
        failed(err, 'set')
      }
    },
    async getOrCompute<T>({ key, ttlMs, compute, deadline }: GetOrComputeParameters<T>): Promise<T> {
      const lock = `${p.prefix}${key}:lock`
      const waitUntil = Math.min(deadline ?? Infinity, Date.now() + LOCK_MS)
      /** The answer, the computation's own failure, or `undefined`: compute locally. Throws only Redis errors. */
      const coordinate = async (): Promise<{ value: T } | { error: unknown } | undefined> => {
        // Bounded: at most three turns at the lock, then compute locally regardless.
        for (let turn = 0; turn < 3; turn++) {
          const cached = await read(key)
          if (cached.hit) return { value: cached.value as T }
          if ((await p.redis.set(lock, p.owner, 'PX', LOCK_MS, 'NX')) === 'OK') {
            let outcome: { value: T } | { error: unknown }
            try {
              outcome = { value: await compute() }
            } catch (error) {
              outcome = { error }
            }
            if ('value' in outcome) await write(key, outcome.value, ttlMs).catch((err: unknown) => failed(err, 'set'))
            await p.redis.eval(UNLOCK_SCRIPT, 1, lock, p.owner).catch((err: unknown) => failed(err, 'unlock'))
            return outcome
          }
          // Another replica computes: wait for its answer while its lock holds.
          while (Date.now() < waitUntil) {
            await new Promise((resolve) => setTimeout(resolve, POLL_MS))
            const answer = await read(key)
            if (answer.hit) return { value: answer.value as T }
            if ((await p.redis.exists(lock)) === 0) break
          }
          if (Date.now() >= waitUntil) return undefined
        }
        return undefined
      }
      let outcome: { value: T } | { error: unknown } | undefined
      try {
        outcome = await coordinate()
      } catch (err) {
        failed(err, 'getOrCompute')
      }
      if (outcome === undefined) return compute()
      if ('error' in outcome) throw outcome.error
      return outcome.value
    },
  }
}
