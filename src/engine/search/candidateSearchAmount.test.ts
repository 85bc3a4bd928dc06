import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CANDIDATE_AMOUNT_BITS, candidateSearchAmount } from './candidateSearchAmount.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261129)

describe('candidateSearchAmount', () => {
  test(`never above the amount, less than 1/64 below it, at most ${CANDIDATE_AMOUNT_BITS} significant bits (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }), (amount) => {
        const rounded = candidateSearchAmount(amount)
        expect(rounded <= amount).toBe(true)
        expect((amount - rounded) * 64n < amount).toBe(true)
        let mantissa = rounded
        while (mantissa % 2n === 0n) mantissa /= 2n
        expect(mantissa < 1n << BigInt(CANDIDATE_AMOUNT_BITS)).toBe(true)
        // Idempotent: the rounded amount is its own representative.
        expect(candidateSearchAmount(rounded)).toBe(rounded)
      }),
      { numRuns: 500, seed: FC_SEED },
    )
  })

  test('small amounts stay as they are; nearby amounts share one representative', () => {
    expect(candidateSearchAmount(1n)).toBe(1n)
    expect(candidateSearchAmount(127n)).toBe(127n)
    expect(candidateSearchAmount(128n)).toBe(128n)
    expect(candidateSearchAmount(255n)).toBe(254n)
    // 5 WETH and 5 WETH plus a gwei's worth: one question.
    expect(candidateSearchAmount(5n * 10n ** 18n + 10n ** 9n)).toBe(candidateSearchAmount(5n * 10n ** 18n))
    // 25,000 USDC and 25,600 USDC: not the same amount to within 1/64, not the same question.
    expect(candidateSearchAmount(25_600_000_000n)).not.toBe(candidateSearchAmount(25_000_000_000n))
  })
})
