import { describe, expect, it } from 'vitest'
import { createMemoryStore } from './createMemoryStore.js'

describe('createMemoryStore', () => {
  it('is the in-process store: kind memory, no shared cache, in-process buckets, a close that does nothing twice', async () => {
    const store = createMemoryStore()
    expect([store.kind, store.cache]).toEqual(['memory', undefined])
    const limiter = store.createRateLimiter({ limit: 2, windowMs: 60_000 })
    expect([limiter.limit, limiter.windowMs]).toEqual([2, 60_000])
    const answers = [await limiter.check('key:a'), await limiter.check('key:a'), await limiter.check('key:a'), await limiter.check('key:b')]
    expect(answers.map((a) => [a.allowed, a.remaining])).toEqual([[true, 1], [true, 0], [false, 0], [true, 1]])
    // Each limiter has buckets of its own: another budget from the same store starts full.
    expect((await store.createRateLimiter({ limit: 2, windowMs: 60_000 }).check('key:a')).allowed).toBe(true)
    await expect(store.close()).resolves.toBeUndefined()
    await expect(store.close()).resolves.toBeUndefined()
  })
})
