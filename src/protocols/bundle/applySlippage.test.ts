import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { applySlippage } from './applySlippage.js'

describe('applySlippage', () => {
  test('hand-computed vectors: rounded down, never up', () => {
    expect(applySlippage(1_000n, 50n)).toBe(995n)
    expect(applySlippage(1_999n, 50n)).toBe(1_989n) // 1989.005
    expect(applySlippage(1n, 50n)).toBe(0n) // 0.995
    expect(applySlippage(10_000n, 1n)).toBe(9_999n)
    expect(applySlippage(123_456_789n, 0n)).toBe(123_456_789n)
    expect(applySlippage(123_456_789n, 10_000n)).toBe(0n)
    expect(applySlippage(10n ** 30n, 300n)).toBe(97n * 10n ** 28n)
  })

  test('the largest integer whose ratio to the amount is at most 1 − bps/10 000 (checked in exact rationals)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.bigInt({ min: 0n, max: 10_000n }), (amount, bps) => {
        const m = applySlippage(amount, bps)
        // m / amount ≤ (10 000 − bps) / 10 000 < (m + 1) / amount, cross-multiplied
        expect(m * 10_000n <= amount * (10_000n - bps)).toBe(true)
        expect((m + 1n) * 10_000n > amount * (10_000n - bps)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
