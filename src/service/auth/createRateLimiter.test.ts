import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './createRateLimiter.js'

function clock() {
  let t = 1_000
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

describe('createRateLimiter', () => {
  it('allows a burst of limit, then refuses with Retry-After', () => {
    const c = clock()
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: c.now })
    expect(limiter.check('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 20, retryAfterSeconds: 0 })
    expect(limiter.check('a').remaining).toBe(1)
    expect(limiter.check('a')).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 60, retryAfterSeconds: 0 })
    expect(limiter.check('a')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 60, retryAfterSeconds: 20 })
  })

  it('refills continuously', () => {
    const c = clock()
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: c.now })
    for (let i = 0; i < 3; i++) limiter.check('a')
    c.advance(10_000)
    expect(limiter.check('a')).toMatchObject({ allowed: false, retryAfterSeconds: 10 })
    c.advance(10_000)
    expect(limiter.check('a')).toMatchObject({ allowed: true, remaining: 0 })
    c.advance(600_000)
    expect(limiter.check('a')).toMatchObject({ allowed: true, remaining: 2 })
  })

  it('keeps buckets apart', () => {
    const c = clock()
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: c.now })
    expect(limiter.check('a').allowed).toBe(true)
    expect(limiter.check('a').allowed).toBe(false)
    expect(limiter.check('b').allowed).toBe(true)
  })

  it('bounds memory with an LRU (an evicted bucket restarts full)', () => {
    const c = clock()
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxEntries: 2, now: c.now })
    limiter.check('a')
    limiter.check('b')
    limiter.check('c')
    expect(limiter.check('a').allowed).toBe(true)
  })

  it('rejects bad options', () => {
    expect(() => createRateLimiter({ limit: 0, windowMs: 1 })).toThrow(RangeError)
    expect(() => createRateLimiter({ limit: 1.5, windowMs: 1 })).toThrow(RangeError)
    expect(() => createRateLimiter({ limit: 1, windowMs: 0 })).toThrow(RangeError)
  })

  it('never admits more than limit + refill over any sequence', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 50 }),
      fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 200 }),
      (limit, gaps) => {
        const c = clock()
        const windowMs = 10_000
        const limiter = createRateLimiter({ limit, windowMs, now: c.now })
        let admitted = 0
        let elapsed = 0
        for (const gap of gaps) {
          c.advance(gap)
          elapsed += gap
          const r = limiter.check('k')
          if (r.allowed) admitted++
          expect(r.remaining).toBeGreaterThanOrEqual(0)
          expect(r.remaining).toBeLessThan(limit)
          if (!r.allowed) expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(1)
        }
        expect(admitted).toBeLessThanOrEqual(limit + Math.floor((elapsed * limit) / windowMs) + 1)
      },
    ))
  })

  it('holds at most maxEntries buckets: 100k keys evict the oldest, which restarts full', () => {
    // Counts instead of timing: one clock read per check, and memory bounded by the LRU.
    let reads = 0
    const limiter = createRateLimiter({ limit: 10, windowMs: 1_000, maxEntries: 10_000, now: () => (reads++, 0) })
    for (let i = 0; i < 10; i++) limiter.check('ip:first')
    expect(limiter.check('ip:first').allowed).toBe(false)
    for (let i = 0; i < 100_000; i++) limiter.check(`ip:${i}`)
    expect(reads).toBe(11 + 100_000)
    expect(limiter.check('ip:first')).toMatchObject({ allowed: true, remaining: 9 })
    // The last 10 000 keys are still held: their bucket is one token down.
    expect(limiter.check('ip:99999')).toMatchObject({ allowed: true, remaining: 8 })
  })
})
