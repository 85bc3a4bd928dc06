import { describe, expect, it } from 'vitest'
import { OverloadedError } from '../errors/admission.js'
import { createSingleFlight } from './createSingleFlight.js'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('createSingleFlight', () => {
  it('identical keys share one computation, and the result is kept for the next identical request', async () => {
    const flight = createSingleFlight<number>({ max: 10, ttl: 60_000, name: 't' })
    let computed = 0
    const d = deferred<number>()
    const compute = () => {
      computed++
      return d.promise
    }
    const both = Promise.all([flight('k', compute, {}), flight('k', compute, {})])
    d.resolve(7)
    expect(await both).toEqual([7, 7])
    expect(await flight('k', compute, {})).toBe(7)
    expect(computed).toBe(1)
    expect(await flight('other', async () => 8, {})).toBe(8)
  })

  it('forgets a failure at once: the next identical request computes again', async () => {
    const flight = createSingleFlight<number>({ max: 10, ttl: 60_000, name: 't' })
    await expect(flight('k', async () => {
      throw new Error('boom')
    }, {})).rejects.toThrow('boom')
    expect(await flight('k', async () => 3, {})).toBe(3)
  })

  it('joinOnly (a call past the in-flight bound) joins a computation in flight or kept, and never computes', async () => {
    const flight = createSingleFlight<number>({ max: 10, ttl: 60_000, name: 't' })
    let computed = 0
    const d = deferred<number>()
    const running = flight('k', () => {
      computed++
      return d.promise
    }, {})
    const joined = flight('k', async () => {
      computed++
      return -1
    }, { joinOnly: true })
    const refused = flight('other', async () => {
      computed++
      return -1
    }, { joinOnly: true })
    await expect(refused).rejects.toBeInstanceOf(OverloadedError)
    await expect(refused).rejects.toMatchObject({ code: 'OVERLOADED', retryAfterSeconds: 1 })
    d.resolve(5)
    expect([await running, await joined]).toEqual([5, 5])
    // Kept for its block: a later joiner gets it too.
    expect(await flight('k', async () => -1, { joinOnly: true })).toBe(5)
    expect(computed).toBe(1)
  })

  it('a joiner whose computation was cancelled under its starter is refused, not computed again beyond the bound', async () => {
    const flight = createSingleFlight<number>({ max: 10, ttl: 60_000, name: 't' })
    const d = deferred<number>()
    let computed = 0
    const cancel = new AbortController()
    const starter = flight('k', () => d.promise, { signal: cancel.signal })
    const joiner = flight('k', async () => {
      computed++
      return -1
    }, { joinOnly: true })
    const slotted = flight('k', async () => {
      computed++
      return 9
    }, {})
    cancel.abort()
    d.reject(Object.assign(new Error('cancelled'), { code: 'CANCELLED' }))
    await expect(starter).rejects.toThrow('cancelled')
    await expect(joiner).rejects.toBeInstanceOf(OverloadedError)
    // A call that holds a slot computes again under its own deadline.
    expect(await slotted).toBe(9)
    expect(computed).toBe(1)
  })
})
