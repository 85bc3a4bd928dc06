import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSharedCache } from './createSharedCache.js'
import { encodeSharedValue } from './encodeSharedValue.js'
import { captureLogger } from './testing/captureLogger.js'
import { startRedisServer, type RedisServer } from './testing/startRedisServer.js'

// The cache on a real redis-server. "Another replica" is played by `raw`, a plain client that sets or
// deletes the lock and the answer the way a second replica's cache would, at chosen moments.

let redis: RedisServer
let raw: Redis
let deadPort: number
const clients: Redis[] = []
let prefixes = 0

/** A client configured as the store configures its own (fail fast, no offline queue), once it is ready. */
async function connect(options: { port?: number; username?: string; password?: string } = {}): Promise<Redis> {
  const client = new Redis({
    host: '127.0.0.1', port: options.port ?? redis.port, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000,
    ...(options.username === undefined ? {} : { username: options.username, password: options.password }),
    // A client of the dead server gives up after its first attempt instead of reconnecting in the background.
    ...(options.port === deadPort ? { lazyConnect: true, retryStrategy: () => null } : {}),
  })
  clients.push(client)
  if (options.port !== deadPort) await new Promise((resolve) => client.once('ready', resolve))
  return client
}

/** A cache with its own prefix on the shared server, and what it logged. */
async function open(options: { client?: Redis; owner?: string } = {}) {
  const { logger, lines } = captureLogger()
  const prefix = `c${prefixes++}:`
  const cache = createSharedCache({ redis: options.client ?? (await connect()), prefix, owner: options.owner ?? 'replica-a', log: logger })
  const warnings = () => lines.filter((l) => l.level === 40).map((l) => [l.msg, l.op, (l.err as { message?: string } | undefined)?.message])
  return { cache, prefix, lines, warnings }
}

beforeAll(async () => {
  redis = await startRedisServer()
  raw = new Redis(redis.url)
  const dead = await startRedisServer()
  await dead.stop()
  deadPort = dead.port
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})
afterAll(async () => {
  for (const c of clients) c.disconnect()
  raw?.disconnect()
  await redis?.stop()
})

describe('get and set', () => {
  it('set stores the encoded value under prefix + key for ttlMs; get reads it back; a missing key is undefined', async () => {
    const { cache, prefix, lines } = await open()
    const value = { amount: 42n, path: ['x'], seen: new Set([1]) }
    await cache.set('a', value, 5_000)
    expect(await raw.get(`${prefix}a`)).toBe(encodeSharedValue(value))
    const ttl = await raw.pttl(`${prefix}a`)
    expect(ttl).toBeGreaterThan(4_000)
    expect(ttl).toBeLessThanOrEqual(5_000)
    expect(await cache.get('a')).toEqual(value)
    expect(await cache.get('missing')).toBeUndefined()
    // A ttl under a millisecond is one millisecond (PX 0 is an error Redis refuses): nothing fails.
    await cache.set('b', 'v', 0)
    expect(lines).toEqual([])
  })
})

describe('getOrCompute', () => {
  it('answers a stored value without computing', async () => {
    const { cache } = await open()
    await cache.set('k', { n: 1n }, 5_000)
    const compute = vi.fn(async () => ({ n: 2n }))
    expect(await cache.getOrCompute({ key: 'k', ttlMs: 5_000, compute })).toEqual({ n: 1n })
    expect(compute).not.toHaveBeenCalled()
  })

  it('computes under the lock prefix + key + ":lock", holding it with its owner token, stores the answer for ttlMs and releases the lock', async () => {
    const { cache, prefix } = await open({ owner: 'replica-a' })
    let lockWhileComputing: string | null = null
    const answer = await cache.getOrCompute({
      key: 'route|1', ttlMs: 3_000,
      compute: async () => {
        lockWhileComputing = await raw.get(`${prefix}route|1:lock`)
        return 'computed'
      },
    })
    expect(answer).toBe('computed')
    expect(lockWhileComputing).toBe('replica-a')
    expect(await raw.exists(`${prefix}route|1:lock`)).toBe(0)
    expect(await raw.get(`${prefix}route|1`)).toBe(encodeSharedValue('computed'))
    expect(await raw.pttl(`${prefix}route|1`)).toBeGreaterThan(2_000)
  })

  it('releases only its own lock: one another replica holds by the time the computation ends stays', async () => {
    const { cache, prefix } = await open({ owner: 'replica-a' })
    const lock = `${prefix}k:lock`
    await cache.getOrCompute({
      key: 'k', ttlMs: 3_000,
      // The lock expired during a long computation and another replica took it.
      compute: async () => {
        await raw.set(lock, 'replica-b', 'PX', 10_000)
        return 1
      },
    })
    expect(await raw.get(lock)).toBe('replica-b')
  })

  it('a failed computation runs once, its error propagates, nothing is stored and nothing is logged', async () => {
    const { cache, prefix, lines } = await open()
    const compute = vi.fn(async () => {
      throw new Error('no route')
    })
    await expect(cache.getOrCompute({ key: 'bad', ttlMs: 3_000, compute })).rejects.toThrow('no route')
    expect(compute).toHaveBeenCalledTimes(1)
    expect(await raw.exists(`${prefix}bad`, `${prefix}bad:lock`)).toBe(0)
    expect(lines).toEqual([])
  })

  it('a value Redis cannot store is still answered; the failed write is logged (op set) and the lock released', async () => {
    const { cache, prefix, warnings } = await open()
    const circular: { self?: unknown } = {}
    circular.self = circular
    expect(await cache.getOrCompute({ key: 'c', ttlMs: 3_000, compute: async () => circular })).toBe(circular)
    expect(warnings()).toEqual([['redis cache unavailable; computing locally', 'set', expect.stringContaining('circular')]])
    expect(await raw.exists(`${prefix}c`, `${prefix}c:lock`)).toBe(0)
  })

  it('an unlock Redis refuses is logged (op unlock); the answer stands and is stored', async () => {
    await raw.call('ACL', 'SETUSER', 'nolua', 'on', '>nolua-password', '~*', '&*', '+@all', '-eval', '-evalsha')
    const { cache, prefix, warnings } = await open({ client: await connect({ username: 'nolua', password: 'nolua-password' }) })
    expect(await cache.getOrCompute({ key: 'u', ttlMs: 3_000, compute: async () => 'answer' })).toBe('answer')
    expect(warnings()).toEqual([['redis cache unavailable; computing locally', 'unlock', expect.stringContaining('NOPERM')]])
    expect(await raw.get(`${prefix}u`)).toBe(encodeSharedValue('answer'))
  })
})

describe('waiting for another replica', () => {
  it('takes the answer as soon as it is stored, while the other replica still holds the lock', async () => {
    const { cache, prefix } = await open()
    await raw.set(`${prefix}w:lock`, 'replica-b', 'PX', 10_000)
    setTimeout(() => void raw.set(`${prefix}w`, encodeSharedValue({ from: 'b' }), 'PX', 5_000), 150)
    const compute = vi.fn(async () => ({ from: 'a' }))
    expect(await cache.getOrCompute({ key: 'w', ttlMs: 5_000, compute, deadline: Date.now() + 2_000 })).toEqual({ from: 'b' })
    expect(compute).not.toHaveBeenCalled()
  })

  it('when the other replica lets go of the lock without an answer, takes the lock and computes itself', async () => {
    const { cache, prefix } = await open({ owner: 'replica-a' })
    const lock = `${prefix}r:lock`
    await raw.set(lock, 'replica-b', 'PX', 10_000)
    // Replica b's computation failed: it deletes its lock and stores nothing.
    setTimeout(() => void raw.del(lock), 100)
    let lockWhileComputing: string | null = null
    const answer = await cache.getOrCompute({
      key: 'r', ttlMs: 3_000, deadline: Date.now() + 3_000,
      compute: async () => {
        lockWhileComputing = await raw.get(lock)
        return 'a'
      },
    })
    expect([answer, lockWhileComputing]).toEqual(['a', 'replica-a'])
  })

  it('gives up at its own deadline, not the lock\'s 15 s, and computes without the lock', async () => {
    const { cache, prefix } = await open()
    await raw.set(`${prefix}d:lock`, 'replica-b', 'PX', 6_000)
    const started = performance.now()
    expect(await cache.getOrCompute({ key: 'd', ttlMs: 3_000, deadline: Date.now() + 300, compute: async () => 'local' })).toBe('local')
    const waited = performance.now() - started
    expect(waited).toBeGreaterThan(250)
    expect(waited).toBeLessThan(4_000)
    expect(await raw.get(`${prefix}d:lock`)).toBe('replica-b')
  })

  it('at its deadline already, asks for the lock once and does not wait', async () => {
    const client = await connect()
    const { cache, prefix } = await open({ client })
    await raw.set(`${prefix}n:lock`, 'replica-b', 'PX', 3_000)
    const set = vi.spyOn(client, 'set')
    // The clock stands still at the deadline: a wait that compared with <= would poll until the lock expires.
    vi.useFakeTimers({ toFake: ['Date'] })
    const deadline = Date.now()
    const started = performance.now()
    expect(await cache.getOrCompute({ key: 'n', ttlMs: 3_000, deadline, compute: async () => 'local' })).toBe('local')
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(set.mock.calls.filter((args) => args.includes('NX'))).toHaveLength(1)
  })

  it('tries for the lock three times at most, then computes locally', async () => {
    const client = await connect()
    const { cache, prefix } = await open({ client })
    const lock = `${prefix}t:lock`
    await raw.set(lock, 'replica-b', 'PX', 10_000)
    // The lock changes hands between two looks: EXISTS finds none, the next SET NX finds another holder.
    vi.spyOn(client as unknown as { exists: (key: string) => Promise<number> }, 'exists').mockImplementation(async () => {
      await raw.set(lock, 'replica-c', 'PX', 10_000)
      return 0
    })
    const set = vi.spyOn(client, 'set')
    const compute = vi.fn(async () => 'local')
    expect(await cache.getOrCompute({ key: 't', ttlMs: 3_000, deadline: Date.now() + 2_000, compute })).toBe('local')
    expect(set.mock.calls.filter((args) => args.includes('NX'))).toHaveLength(3)
    expect(compute).toHaveBeenCalledTimes(1)
  })
})

describe('a Redis outage', () => {
  it('get misses, set is dropped, getOrCompute computes locally; each failure logged with its op, at most once a second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    const { cache, warnings } = await open({ client: await connect({ port: deadPort }) })
    const compute = vi.fn(async () => 7)
    expect(await cache.get('k')).toBeUndefined()
    vi.setSystemTime(1_000_999)
    await cache.set('k', 1, 1_000)
    expect(await cache.getOrCompute({ key: 'k', ttlMs: 1_000, compute })).toBe(7)
    expect(warnings()).toHaveLength(1)
    // A second after the last line: the next failure is logged again.
    vi.setSystemTime(1_001_000)
    await cache.set('k', 1, 1_000)
    vi.setSystemTime(1_002_000)
    expect(await cache.getOrCompute({ key: 'k', ttlMs: 1_000, compute })).toBe(7)
    vi.setSystemTime(1_003_000)
    expect(await cache.get('k')).toBeUndefined()
    const message = 'redis cache unavailable; computing locally'
    expect(warnings()).toEqual([
      [message, 'get', expect.any(String)],
      [message, 'set', expect.any(String)],
      [message, 'getOrCompute', expect.any(String)],
      [message, 'get', expect.any(String)],
    ])
    expect(compute).toHaveBeenCalledTimes(2)
  })
})
