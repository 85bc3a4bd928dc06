import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { MAX_UINT256, V3MathRevert, divRoundingUp, mulDiv, mulDivRoundingUp } from './fullMath.js'

const uint256 = fc.bigInt(0n, MAX_UINT256)
const positive = fc.bigInt(1n, MAX_UINT256)

describe('mulDiv', () => {
  test('floor(a*b/d) for any uint256 result; reverts past uint256 or on a zero denominator', () => {
    fc.assert(
      fc.property(uint256, uint256, positive, (a, b, d) => {
        // Exact floor: q*d <= a*b < (q+1)*d.
        const product = a * b
        if (product / d > MAX_UINT256) {
          expect(() => mulDiv(a, b, d)).toThrow(V3MathRevert)
          return
        }
        const q = mulDiv(a, b, d)
        expect(q * d <= product && product < (q + 1n) * d).toBe(true)
      }),
      { numRuns: 300 },
    )
    expect(() => mulDiv(1n, 1n, 0n)).toThrow(V3MathRevert)
    expect(() => mulDiv(0n, 0n, 0n)).toThrow('zero denominator')
    expect(new V3MathRevert('x').name).toBe('V3MathRevert')
  })

  test('FullMath.spec vectors: the largest result is accepted, one more reverts', () => {
    expect(mulDiv(MAX_UINT256, MAX_UINT256, MAX_UINT256)).toBe(MAX_UINT256)
    expect(mulDiv(1n << 128n, (1n << 128n) - 1n, 1n)).toBe(MAX_UINT256 - ((1n << 128n) - 1n))
    expect(() => mulDiv(MAX_UINT256, MAX_UINT256, MAX_UINT256 - 1n)).toThrow('mulDiv: overflow')
    expect(() => mulDiv(1n << 128n, 1n << 128n, 1n)).toThrow(V3MathRevert)
    // Q128 * 50% / 150% and the accurate-without-phantom-overflow case.
    const Q128 = 1n << 128n
    expect(mulDiv(Q128, 50n * Q128 / 100n, 150n * Q128 / 100n)).toBe(Q128 / 3n)
    expect(mulDiv(Q128, 35n * Q128, 8n * Q128)).toBe(4375n * Q128 / 1000n)
  })
})

describe('mulDivRoundingUp', () => {
  test('ceil(a*b/d); reverts when the rounded result passes uint256 or on a zero denominator', () => {
    fc.assert(
      fc.property(uint256, uint256, positive, (a, b, d) => {
        const product = a * b
        const ceil = (product + d - 1n) / d
        if (ceil > MAX_UINT256) {
          expect(() => mulDivRoundingUp(a, b, d)).toThrow(V3MathRevert)
          return
        }
        const q = mulDivRoundingUp(a, b, d)
        expect((q - 1n) * d < product && product <= q * d).toBe(true)
      }),
      { numRuns: 300 },
    )
    expect(() => mulDivRoundingUp(1n, 1n, 0n)).toThrow(V3MathRevert)
  })

  test('exact quotients are not rounded; FullMath.spec revert vectors', () => {
    expect(mulDivRoundingUp(6n, 7n, 21n)).toBe(2n)
    expect(mulDivRoundingUp(6n, 7n, 20n)).toBe(3n)
    expect(mulDivRoundingUp(0n, 7n, 20n)).toBe(0n)
    expect(mulDivRoundingUp(MAX_UINT256, MAX_UINT256, MAX_UINT256)).toBe(MAX_UINT256)
    // floor fits exactly in uint256 (MAX), the remainder would round it past: the contract reverts.
    expect(() => mulDivRoundingUp(535006138814359n, 432862656469423142931042426214547535783388063929571229938474969n, 2n)).toThrow(
      'mulDivRoundingUp: overflow',
    )
    expect(() =>
      mulDivRoundingUp(115792089237316195423570985008687907853269984659341747863450311749907997002549n, 115792089237316195423570985008687907853269984659341747863450311749907997002550n, 115792089237316195423570985008687907853269984653042931687443039491902864365164n),
    ).toThrow(V3MathRevert)
    // One below the largest value rounds up to it.
    expect(mulDivRoundingUp(MAX_UINT256 - 1n, 3n, 3n) + 1n).toBe(MAX_UINT256)
    expect(mulDivRoundingUp((MAX_UINT256 - 1n) * 2n + 1n, 1n, 2n)).toBe(MAX_UINT256)
  })
})

describe('divRoundingUp', () => {
  test('ceil(x/y)', () => {
    fc.assert(
      fc.property(uint256, positive, (x, y) => {
        const q = divRoundingUp(x, y)
        expect((q - 1n) * y < x && x <= q * y).toBe(true)
      }),
      { numRuns: 200 },
    )
    expect(divRoundingUp(10n, 5n)).toBe(2n)
    expect(divRoundingUp(11n, 5n)).toBe(3n)
    expect(divRoundingUp(0n, 5n)).toBe(0n)
  })
})
