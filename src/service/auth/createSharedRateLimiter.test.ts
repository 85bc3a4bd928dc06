import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createThread } from '../../threads/createThread.js'
import { createRateLimiter } from './createRateLimiter.js'
import { createSharedRateLimiter, PROBE_WINDOW, sharedRateLimiterSlots } from './createSharedRateLimiter.js'

function clock() {
  let t = 1_000
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

describe('createSharedRateLimiter', () => {
  it('answers exactly as the LRU limiter while every key fits, over any sequence', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 1, max: 120_000 }),
      fc.array(fc.tuple(fc.constantFrom('a', 'b', 'key:0f', 'ip:127.0.0.1', 'ip:::1'), fc.integer({ min: 0, max: 20_000 })), { maxLength: 150 }),
      (limit, windowMs, steps) => {
        const c = clock()
        const lru = createRateLimiter({ limit, windowMs, now: c.now })
        const shared = createSharedRateLimiter({ limit, windowMs, maxEntries: 64, now: c.now })
        for (const [key, gap] of steps) {
          c.advance(gap)
          expect(shared.check(key)).toEqual(lru.check(key))
        }
      },
    ))
  })

  it('two limiters on one table charge the same buckets', () => {
    const c = clock()
    const a = createSharedRateLimiter({ limit: 2, windowMs: 60_000, now: c.now })
    const b = createSharedRateLimiter({ limit: 2, windowMs: 60_000, now: c.now, buffer: a.buffer })
    expect(a.check('k').remaining).toBe(1)
    expect(b.check('k').remaining).toBe(0)
    expect(a.check('k')).toMatchObject({ allowed: false, retryAfterSeconds: 30 })
    expect(b.check('other').allowed).toBe(true)
  })

  it('another thread charges the same budget (the gateway thread and the gRPC server)', async () => {
    const limiter = createSharedRateLimiter({ limit: 10, windowMs: 600_000, maxEntries: 1_000 })
    const worker = createThread(new URL('./testing/chargeSharedLimiterThread.js', import.meta.url), {
      workerData: { buffer: limiter.buffer, key: 'key:abc', times: 4, limit: 10, windowMs: 600_000, maxEntries: 1_000 },
    })
    const seen = await new Promise((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(seen).toEqual([9, 8, 7, 6])
    expect(limiter.check('key:abc').remaining).toBe(5)
  })

  it('never grows: a flood of fresh keys replaces the fullest buckets, so a drained budget stays drained', () => {
    const c = clock()
    const limiter = createSharedRateLimiter({ limit: 3, windowMs: 60_000, maxEntries: 100, now: c.now })
    const bytes = limiter.buffer.byteLength
    for (let i = 0; i < 3; i++) limiter.check('abuser')
    expect(limiter.check('abuser').allowed).toBe(false)
    for (let i = 0; i < 20_000; i++) limiter.check(`ip:10.0.${i >> 8}.${i & 255}`)
    expect(limiter.check('abuser').allowed).toBe(false)
    expect(limiter.buffer.byteLength).toBe(bytes)
    // Once refilled, the abuser's bucket is as good as absent and may be replaced: it restarts full.
    c.advance(60_000)
    expect(limiter.check('abuser')).toMatchObject({ allowed: true, remaining: 2 })
  })

  it('sizes the table for its entries (a power of two, 24 bytes a slot)', () => {
    expect(sharedRateLimiterSlots(1)).toBe(PROBE_WINDOW)
    expect(sharedRateLimiterSlots(50_000)).toBe(65_536)
    expect(createSharedRateLimiter({ limit: 1, windowMs: 1, maxEntries: 50_000 }).buffer.byteLength).toBe(16 + 65_536 * 24)
  })

  it('takes the lock of a holder that never releases it (a thread terminated mid-check) after a bounded wait', () => {
    const limiter = createSharedRateLimiter({ limit: 1, windowMs: 1_000, maxEntries: 10 })
    Atomics.store(new Int32Array(limiter.buffer, 0, 1), 0, 1)
    const started = performance.now()
    expect(limiter.check('k').allowed).toBe(true)
    const waited = performance.now() - started
    expect(waited).toBeGreaterThanOrEqual(45)
    expect(waited).toBeLessThan(1_000)
    // Released afterwards: the next check does not wait.
    const again = performance.now()
    limiter.check('k')
    expect(performance.now() - again).toBeLessThan(40)
  })

  it('rejects bad options and a table of another size', () => {
    expect(() => createSharedRateLimiter({ limit: 0, windowMs: 1 })).toThrow(RangeError)
    expect(() => createSharedRateLimiter({ limit: 1.5, windowMs: 1 })).toThrow(RangeError)
    expect(() => createSharedRateLimiter({ limit: 1, windowMs: 0 })).toThrow(RangeError)
    expect(() => createSharedRateLimiter({ limit: 1, windowMs: 1, maxEntries: 0 })).toThrow(RangeError)
    const small = createSharedRateLimiter({ limit: 1, windowMs: 1, maxEntries: 10 })
    expect(() => createSharedRateLimiter({ limit: 1, windowMs: 1, maxEntries: 10_000, buffer: small.buffer })).toThrow(/expected/)
  })
})
