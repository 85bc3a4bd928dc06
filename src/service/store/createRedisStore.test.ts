import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRateLimiter } from '../auth/createRateLimiter.js'
import { createRedisStore } from './createRedisStore.js'
import { decodeSharedValue, encodeSharedValue } from './encodeSharedValue.js'
import { StoreUnavailableError } from './errors.js'
import { startRedisServer, type RedisServer } from './testing/startRedisServer.js'
import type { Store } from './types.js'

const logger = pino({ level: 'silent' })
let redis: RedisServer
const stores: Store[] = []
const open = async (now?: () => number) => {
  const store = await createRedisStore({ url: redis.url, logger, prefix: `t${stores.length}:`, now })
  stores.push(store)
  return store
}

beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await redis?.stop()
})

describe('Redis token bucket', () => {
  it('answers a sequence exactly as the in-process limiter does', async () => {
    let t = 1_000.25
    const now = () => t
    const memory = createRateLimiter({ limit: 5, windowMs: 7_000, now })
    const shared = (await open(now)).createRateLimiter({ limit: 5, windowMs: 7_000 })
    // Bursts past the limit, partial refills at odd fractions, a clock step back, two keys.
    const steps: [string, number][] = [
      ['a', 0], ['a', 0], ['a', 0], ['a', 0], ['a', 0], ['a', 0], ['a', 0], ['b', 1],
      ['a', 1_399.7], ['a', 0.3], ['a', 1], ['a', 3_000.125], ['b', 0], ['a', -500], ['a', 10], ['a', 9_000],
      ['a', 0], ['a', 0], ['a', 0], ['a', 0], ['a', 0], ['a', 0], ['b', 123.456], ['a', 7_000], ['a', 1],
    ]
    const memoryAnswers = []
    const sharedAnswers = []
    for (const [key, dt] of steps) {
      t += dt
      memoryAnswers.push(memory.check(key))
      sharedAnswers.push(await shared.check(key))
    }
    expect(sharedAnswers).toEqual(memoryAnswers)
    expect(memoryAnswers.filter((a) => !a.allowed).length).toBeGreaterThan(3)
    expect(memoryAnswers.some((a) => a.allowed && a.remaining < 4)).toBe(true)
  })

  it('is one budget for two replicas on the same Redis', async () => {
    const a = await createRedisStore({ url: redis.url, logger, prefix: 'shared:' })
    const b = await createRedisStore({ url: redis.url, logger, prefix: 'shared:' })
    stores.push(a, b)
    const la = a.createRateLimiter({ limit: 10, windowMs: 600_000 })
    const lb = b.createRateLimiter({ limit: 10, windowMs: 600_000 })
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? la : lb).check('key:k')))
    expect(answers.filter((x) => x.allowed).length).toBe(10)
    const refused = answers.find((x) => !x.allowed)
    expect(refused).toMatchObject({ limit: 10, remaining: 0 })
    expect(refused!.retryAfterSeconds).toBeGreaterThan(0)
  })
})

describe('shared cache', () => {
  it('round-trips plain data with bigint, Map, Set, bytes and undefined', () => {
    const value = { a: 1n, m: new Map([['x', [2n, undefined]]]), s: new Set(['q']), u: new Uint8Array([1, 2, 255]), n: undefined, z: [null, 'y'] }
    const back = decodeSharedValue(encodeSharedValue(value)) as typeof value
    expect(back).toEqual(value)
    expect('n' in back).toBe(true)
    expect(back.u).toBeInstanceOf(Uint8Array)
  })

  it('lets one replica compute while the other waits for its answer', async () => {
    const storeA = await createRedisStore({ url: redis.url, logger, prefix: 'sf:' })
    const storeB = await createRedisStore({ url: redis.url, logger, prefix: 'sf:' })
    stores.push(storeA, storeB)
    const [a, b] = [storeA.cache!, storeB.cache!]
    let computed = 0
    const compute = async () => {
      computed++
      await new Promise((r) => setTimeout(r, 150))
      return { amount: 42n, path: ['x'] }
    }
    const answers = await Promise.all([a, b, a, b].map((c) => c.getOrCompute({ key: 'route|v1|req', ttlMs: 5_000, compute })))
    expect(computed).toBe(1)
    for (const x of answers) expect(x).toEqual({ amount: 42n, path: ['x'] })
    // A failure is not cached: the next call computes again.
    await expect(a.getOrCompute({ key: 'route|v1|bad', ttlMs: 5_000, compute: () => Promise.reject(new Error('no route')) })).rejects.toThrow('no route')
    expect(await b.getOrCompute({ key: 'route|v1|bad', ttlMs: 5_000, compute: async () => 'ok' })).toBe('ok')
  })
})

describe('Redis outage', () => {
  it('fails rate limits closed (StoreUnavailableError, 503) and the cache open, without crashing', async () => {
    const own = await startRedisServer()
    const store = await createRedisStore({ url: own.url, logger, commandTimeoutMs: 300 })
    stores.push(store)
    const limiter = store.createRateLimiter({ limit: 3, windowMs: 60_000 })
    expect((await limiter.check('key:x')).allowed).toBe(true)
    await own.stop()
    await new Promise((r) => setTimeout(r, 100))
    const error = await Promise.resolve(limiter.check('key:x')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StoreUnavailableError)
    expect((error as StoreUnavailableError).code).toBe('UNAVAILABLE')
    expect(await store.cache!.getOrCompute({ key: 'k', ttlMs: 1_000, compute: async () => 7 })).toBe(7)
    expect(await store.cache!.get('k')).toBeUndefined()
  })

  it('starts while Redis is down (503 meanwhile) and recovers when it comes up', async () => {
    const probe = await startRedisServer()
    await probe.stop()
    const store = await createRedisStore({ url: probe.url, logger, connectTimeoutMs: 300, commandTimeoutMs: 300 })
    stores.push(store)
    const limiter = store.createRateLimiter({ limit: 3, windowMs: 60_000 })
    expect(await Promise.resolve(limiter.check('key:y')).catch((e: unknown) => e)).toBeInstanceOf(StoreUnavailableError)
    const back = await startRedisServer({ port: probe.port })
    try {
      let answer: unknown
      for (let i = 0; i < 60 && !(answer as { allowed?: boolean } | undefined)?.allowed; i++) {
        await new Promise((r) => setTimeout(r, 100))
        answer = await Promise.resolve(limiter.check('key:y')).catch((e: unknown) => e)
      }
      expect(answer).toMatchObject({ allowed: true, limit: 3 })
    } finally {
      await back.stop()
    }
  })
})
