import { describe, expect, it } from 'vitest'
import { createInflightLimiter, isInflightFull, ROUTE_WORK_METHODS } from './createInflightLimiter.js'

describe('createInflightLimiter', () => {
  it('takes slots up to max, refuses past it, and a release (once) frees one', () => {
    const limiter = createInflightLimiter({ max: 2 })
    const a = limiter.tryAcquire()!
    const b = limiter.tryAcquire()!
    expect([limiter.inflight, limiter.tryAcquire()]).toEqual([2, undefined])
    a()
    a()
    expect(limiter.inflight).toBe(1)
    expect(limiter.tryAcquire()).toBeTypeOf('function')
    b()
    expect(limiter.inflight).toBe(1)
  })

  it('shows [inflight, max] in shared memory, where another thread peeks without taking', () => {
    const limiter = createInflightLimiter({ max: 2 })
    const peek = new Int32Array(limiter.shared.buffer)
    expect(limiter.shared.buffer).toBeInstanceOf(SharedArrayBuffer)
    expect([...peek]).toEqual([0, 2])
    const release = limiter.tryAcquire()!
    expect([isInflightFull(peek), peek[0]]).toEqual([false, 1])
    limiter.tryAcquire()
    expect(isInflightFull(peek)).toBe(true)
    release()
    expect([isInflightFull(peek), limiter.inflight]).toEqual([false, 1])
  })

  it('covers the route-work methods only, unless told otherwise', () => {
    const limiter = createInflightLimiter({ max: 1 })
    expect(ROUTE_WORK_METHODS.every((m) => limiter.covers(m))).toBe(true)
    expect(limiter.covers('DataService/Tokens')).toBe(false)
    expect(createInflightLimiter({ max: 1, methods: ['X/Y'] }).covers('RoutingService/Route')).toBe(false)
  })

  it('rejects a max that is not a positive integer', () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => createInflightLimiter({ max })).toThrow(RangeError)
  })
})
