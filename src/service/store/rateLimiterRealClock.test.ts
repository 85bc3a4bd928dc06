import { setTimeout as sleep } from 'node:timers/promises'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY, startTestGateway } from '../../gateway/testing/startTestGateway.js'
import { createApiKeyStore } from '../auth/createApiKeyStore.js'
import type { RateLimiter, RateLimitResult } from '../auth/createRateLimiter.js'
import { createMemoryStore } from './createMemoryStore.js'
import { createRedisStore } from './createRedisStore.js'
import { startRedisServer, type RedisServer } from './testing/startRedisServer.js'
import type { Store } from './types.js'

// Issue 28 item 2. Every other bucket test injects `now`; these run the limiters on their own clocks
// (performance.now in process, the Redis server's TIME in the Lua script), so a clock read in the wrong
// unit (seconds for ms, µs for ms), answers converted wrongly (ms sent as seconds) or a bucket that
// never refills fail here. Windows are short (≤ 1 s) so the waits stay short.

const logger = pino({ level: 'silent' })
let redis: RedisServer
const stores: Store[] = []
beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await redis?.stop()
})

/** Each case gets fresh buckets: its own prefix on the shared Redis. */
const kinds: [string, () => Promise<Store>][] = [
  ['in process (performance.now)', async () => createMemoryStore()],
  ['Redis (the script reads TIME)', async () => createRedisStore({ url: redis.url, logger, prefix: `clock${stores.length}:` })],
]

async function open(make: () => Promise<Store>): Promise<Store> {
  const store = await make()
  stores.push(store)
  return store
}

/** Checks `key` `n` times in a row; the answers in order. */
async function burst(limiter: RateLimiter, key: string, n: number): Promise<RateLimitResult[]> {
  const answers: RateLimitResult[] = []
  for (let i = 0; i < n; i++) answers.push(await limiter.check(key))
  return answers
}

/** A margin over a wait: Node timers may fire a millisecond early against a microsecond clock. */
const MARGIN_MS = 60

describe.each(kinds)('the rate limiter on its real clock: %s', (_name, make) => {
  it('a budget spent within its window refuses, and is full again once the window has passed', async () => {
    // A token a second: a wait that overshoots by up to ~0.9 s (a loaded machine) changes nothing below.
    const limiter = (await open(make)).createRateLimiter({ limit: 2, windowMs: 2_000 })
    const [first, second, third] = await burst(limiter, 'key:a', 3)
    expect([first?.allowed, second?.allowed, third?.allowed]).toEqual([true, true, false])
    // One second until a token is back, two until the bucket is full.
    expect(third).toMatchObject({ limit: 2, remaining: 0, retryAfterSeconds: 1, resetSeconds: 2 })
    // Still spent a moment later: time in the wrong unit (µs read as ms) would have refilled it.
    await sleep(50)
    expect((await limiter.check('key:a')).allowed).toBe(false)
    // One token's time later (1 s, before the idle bucket expires): exactly one token is back. Time
    // read in seconds would refill a thousandth of that.
    await sleep(1_000 + MARGIN_MS)
    expect((await burst(limiter, 'key:a', 2)).map((r) => r.allowed)).toEqual([true, false])
    // X-RateLimit-Reset is a delta in seconds from now: after it the bucket is full (not in the past, not ms).
    const spent = await limiter.check('key:a')
    expect(spent.resetSeconds).toBe(2)
    await sleep(spent.resetSeconds * 1_000 + MARGIN_MS)
    const refilled = await burst(limiter, 'key:a', 3)
    expect(refilled.map((r) => [r.allowed, r.remaining])).toEqual([[true, 1], [true, 0], [false, 0]])
    // Another key never shared the spent bucket.
    expect(await limiter.check('key:b')).toMatchObject({ allowed: true, remaining: 1 })
  })

  it('Retry-After is what a refused caller must wait: earlier is refused, after it one request passes', async () => {
    const limiter = (await open(make)).createRateLimiter({ limit: 1, windowMs: 800 })
    expect((await limiter.check('key:r')).allowed).toBe(true)
    const refused = await limiter.check('key:r')
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
    // Half the real need (400 of 800 ms) is not enough.
    await sleep(400)
    expect((await limiter.check('key:r')).allowed).toBe(false)
    await sleep(refused.retryAfterSeconds * 1_000 - 400 + MARGIN_MS)
    expect(await limiter.check('key:r')).toMatchObject({ allowed: true, remaining: 0 })
  })

  it('a minute-long budget answers in seconds: X-RateLimit-Reset up to 60, Retry-After one token (15 s), never ms', async () => {
    const limiter = (await open(make)).createRateLimiter({ limit: 4, windowMs: 60_000 })
    const answers = await burst(limiter, 'key:m', 5)
    expect(answers.map((a) => [a.allowed, a.remaining, a.resetSeconds, a.retryAfterSeconds])).toEqual([
      [true, 3, 15, 0],
      [true, 2, 30, 0],
      [true, 1, 45, 0],
      [true, 0, 60, 0],
      [false, 0, 60, 15],
    ])
  })

  it('over REST: X-RateLimit-Reset and Retry-After are seconds, and waiting Retry-After gets the next request in', async () => {
    const store = await open(make)
    // 3 per 2.4 s: a token every 800 ms, so Retry-After (1 s) ends before the idle bucket would expire.
    const limiter = store.createRateLimiter({ limit: 3, windowMs: 2_400 })
    const gw = await startTestGateway({ auth: { apiKeys: createApiKeyStore({ keys: [API_KEY] }), keyLimiter: limiter, ipLimiter: store.createRateLimiter({ limit: 1, windowMs: 1_000 }) } })
    try {
      const get = () => gw.app.inject({ method: 'GET', url: '/api/v1/networks', headers: { authorization: `Bearer ${API_KEY}` } })
      const ok = [await get(), await get(), await get()]
      expect(ok.map((r) => [r.statusCode, r.headers['x-ratelimit-limit'], r.headers['x-ratelimit-remaining'], r.headers['x-ratelimit-reset']]))
        .toEqual([[200, '3', '2', '1'], [200, '3', '1', '2'], [200, '3', '0', '3']])
      const refused = await get()
      expect([refused.statusCode, refused.headers['retry-after'], refused.headers['x-ratelimit-reset']]).toEqual([429, '1', '3'])
      const refusedAt = performance.now()
      await sleep(Number(refused.headers['retry-after']) * 1_000 + MARGIN_MS)
      expect((await get()).statusCode).toBe(200)
      // One token came back, so the next is refused, unless a loaded machine overslept into the second
      // token (800 ms later): then that one is in too.
      const second = (await get()).statusCode
      if (performance.now() - refusedAt < 1_550) expect(second).toBe(429)
    } finally {
      await gw.close()
    }
  })
})
