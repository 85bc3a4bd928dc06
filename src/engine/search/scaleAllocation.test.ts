import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scaleAllocation } from './scaleAllocation.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261129)

describe('scaleAllocation', () => {
  test(`shares scaled down, the rounding to the largest: they add up to the new amount (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 24n }), { minLength: 1, maxLength: 6 }), fc.bigInt({ min: 0n, max: 10n ** 22n }), (allocation, extra) => {
        const from = allocation.reduce((a, b) => a + b, 0n)
        fc.pre(from > 0n)
        const to = from + extra
        const scaled = scaleAllocation(allocation, from, to)
        expect(scaled.reduce((a, b) => a + b, 0n)).toBe(to)
        const largest = allocation.indexOf(allocation.reduce((m, a) => (a > m ? a : m), 0n))
        scaled.forEach((a, i) => {
          // Every share is its proportional part rounded down; the largest also takes the rounding (< one unit per share).
          expect(a).toBe((allocation[i]! * to) / from + (i === largest ? a - (allocation[i]! * to) / from : 0n))
          expect(a - (allocation[i]! * to) / from < BigInt(allocation.length)).toBe(true)
          if (allocation[i] === 0n && i !== largest) expect(a).toBe(0n)
        })
      }),
      { numRuns: 300, seed: FC_SEED },
    )
  })

  test('the same amount, or an allocation short of its amount, comes back as it is', () => {
    expect(scaleAllocation([3n, 1n], 4n, 4n)).toEqual([3n, 1n])
    expect(scaleAllocation([3n, 0n], 4n, 8n)).toEqual([3n, 0n])
    expect(scaleAllocation([3n, 1n], 4n, 8n)).toEqual([6n, 2n])
    expect(scaleAllocation([1n, 1n, 1n], 3n, 4n)).toEqual([2n, 1n, 1n])
  })
})
