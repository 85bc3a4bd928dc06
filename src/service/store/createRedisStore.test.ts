import { createServer, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRateLimiter } from '../auth/createRateLimiter.js'
import { createRedisStore } from './createRedisStore.js'
import { decodeSharedValue, encodeSharedValue } from './encodeSharedValue.js'
import { StoreUnavailableError } from './errors.js'
import { captureLogger, type CapturedLine } from './testing/captureLogger.js'
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

/** A plain client of `server`, for looking at what the store wrote; closed after the test. */
async function inspect(server: RedisServer): Promise<Redis> {
  const client = new Redis(server.url)
  await new Promise((resolve) => client.once('ready', resolve))
  return client
}
const clientCount = async (raw: Redis) => Number(/connected_clients:(\d+)/.exec(await raw.info('clients'))?.[1])
const logged = (lines: CapturedLine[]) => lines.map((l) => [l.level, l.component, l.msg, (l.err as { message?: string } | undefined)?.message !== undefined])
const READY = [30, 'redis-store', 'redis store ready', false]
const UNAVAILABLE = [50, 'redis-store', 'redis store unavailable: rate limits answer 503, caches compute locally', true]

/** Polls until `check` holds, 50 ms apart, for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !(await check()) && Date.now() < end;) await sleep(50)
}

describe('keys, budgets and lifecycle', () => {
  it('is kind redis; keys live under switchyard: by default (buckets rl:<limit>:<window>:<key>, cache cache:<key>), else under the prefix', async () => {
    const own = await startRedisServer()
    const raw = await inspect(own)
    try {
      const store = await createRedisStore({ url: own.url, logger })
      stores.push(store)
      expect(store.kind).toBe('redis')
      await store.createRateLimiter({ limit: 3, windowMs: 60_000 }).check('key:x')
      await store.cache!.set('k', 1, 5_000)
      const named = await createRedisStore({ url: own.url, logger, prefix: 'blue:' })
      stores.push(named)
      await named.createRateLimiter({ limit: 2, windowMs: 1_000 }).check('ip:1.2.3.4')
      await named.cache!.set('k', 2, 5_000)
      expect((await raw.keys('*')).sort()).toEqual(['blue:cache:k', 'blue:rl:2:1000:ip:1.2.3.4', 'switchyard:cache:k', 'switchyard:rl:3:60000:key:x'])
    } finally {
      raw.disconnect()
      await own.stop()
    }
  })

  it('refuses a budget that is not a positive integer per positive window', async () => {
    const store = await open()
    for (const limit of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => store.createRateLimiter({ limit, windowMs: 1_000 }), String(limit)).toThrow(new RangeError(`rate limit must be a positive integer, got ${limit}`))
    }
    for (const windowMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => store.createRateLimiter({ limit: 1, windowMs }), String(windowMs)).toThrow(new RangeError(`rate limit window must be positive, got ${windowMs}`))
    }
    expect(store.createRateLimiter({ limit: 1, windowMs: 0.5 })).toMatchObject({ limit: 1, windowMs: 0.5 })
  })

  it('logs each change of state once, as the redis-store component: unavailable (with the cause) however many reconnects fail, ready when Redis is back; closing logs nothing', async () => {
    const own = await startRedisServer()
    const { logger: capturing, lines } = captureLogger()
    const store = await createRedisStore({ url: own.url, logger: capturing, commandTimeoutMs: 300, connectTimeoutMs: 300 })
    stores.push(store)
    expect(logged(lines)).toEqual([READY])
    await own.stop()
    // Reconnects fail after 100, 200, 300 ... ms: several errors, one line.
    await until(() => lines.length > 1)
    await sleep(700)
    expect(logged(lines)).toEqual([READY, UNAVAILABLE])
    const limiter = store.createRateLimiter({ limit: 3, windowMs: 60_000 })
    const refused = await Promise.resolve(limiter.check('key:z')).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(StoreUnavailableError)
    expect((refused as StoreUnavailableError).cause).toBeInstanceOf(Error)
    const back = await startRedisServer({ port: own.port })
    try {
      await until(() => lines.length > 2)
      expect(logged(lines)).toEqual([READY, UNAVAILABLE, READY])
      expect((await limiter.check('key:z')).allowed).toBe(true)
      await store.close()
      await sleep(100)
      expect(logged(lines)).toEqual([READY, UNAVAILABLE, READY])
    } finally {
      await back.stop()
    }
  })

  it('starting while Redis is down logs unavailable once, never ready', async () => {
    const probe = await startRedisServer()
    await probe.stop()
    const { logger: capturing, lines } = captureLogger()
    const store = await createRedisStore({ url: probe.url, logger: capturing, connectTimeoutMs: 300, commandTimeoutMs: 300 })
    stores.push(store)
    await sleep(500)
    expect(logged(lines)).toEqual([UNAVAILABLE])
  })

  it('a Redis that accepts connections but never answers holds startup up for connectTimeoutMs, not until the client gives up', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket)).listen(0, '127.0.0.1')
    await new Promise((resolve) => silent.once('listening', resolve))
    try {
      const { port } = silent.address() as { port: number }
      const started = performance.now()
      // The client's ready check waits commandTimeoutMs for an answer, then reconnects: about 5 s here.
      const store = await createRedisStore({ url: `redis://127.0.0.1:${port}`, logger, connectTimeoutMs: 300, commandTimeoutMs: 3_000 })
      const took = performance.now() - started
      await store.close()
      expect(took).toBeGreaterThan(250)
      expect(took).toBeLessThan(3_500)
    } finally {
      for (const socket of sockets) socket.destroy()
      silent.close()
    }
  })

  it('close releases its connection; a check after it is refused, a second close is harmless', async () => {
    const own = await startRedisServer()
    const raw = await inspect(own)
    try {
      const before = await clientCount(raw)
      const store = await createRedisStore({ url: own.url, logger })
      expect(await clientCount(raw)).toBe(before + 1)
      const limiter = store.createRateLimiter({ limit: 3, windowMs: 60_000 })
      await store.close()
      await until(async () => (await clientCount(raw)) === before, 2_000)
      expect(await clientCount(raw)).toBe(before)
      await expect(Promise.resolve(limiter.check('key:c'))).rejects.toBeInstanceOf(StoreUnavailableError)
      await expect(store.close()).resolves.toBeUndefined()
    } finally {
      raw.disconnect()
      await own.stop()
    }
  })

  it('close while Redis is down stops the reconnecting: when Redis comes back, no client of that store connects', async () => {
    const probe = await startRedisServer()
    await probe.stop()
    const store = await createRedisStore({ url: probe.url, logger, connectTimeoutMs: 200, commandTimeoutMs: 200 })
    await store.close()
    const back = await startRedisServer({ port: probe.port })
    const raw = await inspect(back)
    try {
      // Reconnects are 100, 200, 300 ... ms apart: a client still retrying would be back within this wait.
      await sleep(1_200)
      expect(await clientCount(raw)).toBe(1)
    } finally {
      raw.disconnect()
      await back.stop()
    }
  })
})
