import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createQuoteFloat } from './createQuoteFloat.js'
import { quoteFloat } from './quoteFloat.js'
import { capacity, fraction, randomPool } from './testing/randomPool.js'

// A kernel kept across calls (the first builds the ranges, the others reuse them) returns, bit for bit,
// what a fresh one returns (quoteFloat: one call of a fresh kernel), for every input in any order. The
// model itself (upper estimate, tightness, monotone, the window) is tested in quoteFloat.test.ts.

test('a kept kernel gives a fresh one\'s number for every input, in both directions, before and past what the pool holds', () => {
  fc.assert(
    fc.property(randomPool, fc.boolean(), fc.array(fc.oneof(fraction, fc.double({ min: 1, max: 50, noNaN: true })), { minLength: 1, maxLength: 6 }), (pool, zeroForOne, fractions) => {
      const kernel = createQuoteFloat(pool, zeroForOne)
      const room = capacity(pool, zeroForOne)
      for (const f of [...fractions, ...fractions]) {
        const amountIn = room * f
        expect(Object.is(kernel(amountIn), quoteFloat(pool, { zeroForOne, amountIn }))).toBe(true)
      }
    }),
    { numRuns: 400 },
  )
})

test('no input, a negative one or NaN: 0', () => {
  fc.assert(
    fc.property(randomPool, fc.boolean(), (pool, zeroForOne) => {
      const kernel = createQuoteFloat(pool, zeroForOne)
      for (const amountIn of [0, -1, Number.NaN]) expect(kernel(amountIn)).toBe(0)
    }),
    { numRuns: 50 },
  )
})

test('a pool with no initialized tick in the swap direction: a kept kernel gives a fresh one\'s number', () => {
  fc.assert(
    fc.property(randomPool, fc.boolean(), (pool, zeroForOne) => {
      const bare = { ...pool, ticks: [] }
      const kernel = createQuoteFloat(bare, zeroForOne)
      for (const amountIn of [1, 1e6, 1e18, 1e30]) expect(Object.is(kernel(amountIn), quoteFloat(bare, { zeroForOne, amountIn }))).toBe(true)
    }),
    { numRuns: 100 },
  )
})
