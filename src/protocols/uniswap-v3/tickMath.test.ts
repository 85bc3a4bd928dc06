import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { V3MathRevert } from './fullMath.js'
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath.js'

// Reference: sqrt(1.0001^tick) * 2^96 from exact fixed-point arithmetic (256 fraction bits, far more than
// the contract's Q128.128), returned with E extra fraction bits.
const K = 256n
const E = 64n
const ONE = 1n << K
function pow10001(n: number): bigint {
  let result = ONE
  let base = (10001n << K) / 10000n
  for (; n > 0; n >>= 1) {
    if (n & 1) result = (result * base) >> K
    base = (base * base) >> K
  }
  return result
}
function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2))
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}
function referenceSqrtRatio(tick: number): bigint {
  let x = pow10001(Math.abs(tick))
  if (tick < 0) x = (ONE * ONE) / x
  return isqrt(x << (192n + 2n * E - K))
}
/** The contract's result is the Q128.128 product rounded up to Q64.96: within 1 unit plus 2^-60 relative. */
function expectNearReference(tick: number): void {
  const exact = referenceSqrtRatio(tick)
  const diff = (getSqrtRatioAtTick(tick) << E) - exact
  expect((diff < 0n ? -diff : diff) <= (1n << E) + (exact >> 60n)).toBe(true)
}

describe('getSqrtRatioAtTick', () => {
  test('equals sqrt(1.0001^tick) * 2^96 for every bit of |tick|, both signs', () => {
    for (let bit = 0; bit < 20; bit++) {
      for (const tick of [1 << bit, -(1 << bit), (1 << bit) - 1, -((1 << bit) - 1)]) if (Math.abs(tick) <= MAX_TICK) expectNearReference(tick)
    }
    for (const tick of [MAX_TICK, MIN_TICK, 887271, -887271, 524287, -524287, 699050, -699050]) expectNearReference(tick)
    fc.assert(
      fc.property(fc.integer({ min: MIN_TICK, max: MAX_TICK }), (tick) => expectNearReference(tick)),
      { numRuns: 200 },
    )
  })

  test('TickMath.spec vectors next to the bounds', () => {
    expect(getSqrtRatioAtTick(MIN_TICK + 1)).toBe(4295343490n)
    expect(getSqrtRatioAtTick(MAX_TICK - 1)).toBe(1461373636630004318706518188784493106690254656249n)
    expect(getSqrtRatioAtTick(2)).toBe(79236085330515764027303304732n)
    expect(getSqrtRatioAtTick(-2)).toBe(79220240490215316061937756561n)
  })

  test('rejects ticks that are not integers', () => {
    expect(() => getSqrtRatioAtTick(0.5)).toThrow(V3MathRevert)
    expect(() => getSqrtRatioAtTick(-1.5)).toThrow(V3MathRevert)
    expect(() => getSqrtRatioAtTick(Number.NaN)).toThrow(V3MathRevert)
  })


  test('well-known ticks', () => {
    expect(getSqrtRatioAtTick(0)).toBe(1n << 96n)
    expect(getSqrtRatioAtTick(1)).toBe(79232123823359799118286999568n)
    expect(getSqrtRatioAtTick(-1)).toBe(79224201403219477170569942574n)
    expect(getSqrtRatioAtTick(MIN_TICK)).toBe(MIN_SQRT_RATIO)
    expect(getSqrtRatioAtTick(MAX_TICK)).toBe(MAX_SQRT_RATIO)
  })
  test('rejects out-of-range ticks', () => {
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow('T')
    expect(() => getSqrtRatioAtTick(MIN_TICK - 1)).toThrow('T')
  })
  test('close to sqrt(1.0001^tick) * 2^96 and increasing', () => {
    let previous = 0n
    for (let tick = -500_000; tick <= 500_000; tick += 9_973) {
      const exact = getSqrtRatioAtTick(tick)
      expect(exact > previous).toBe(true)
      previous = exact
      const float = Math.pow(1.0001, tick / 2) * 2 ** 96
      expect(Math.abs(Number(exact) / float - 1)).toBeLessThan(1e-9)
    }
  })
})

describe('getTickAtSqrtRatio', () => {
  test('bounds and inverse', () => {
    expect(getTickAtSqrtRatio(MIN_SQRT_RATIO)).toBe(MIN_TICK)
    expect(getTickAtSqrtRatio(MAX_SQRT_RATIO - 1n)).toBe(MAX_TICK - 1)
    for (const tick of [-887271, -50_000, -1, 0, 1, 12_345, 887_000]) {
      const p = getSqrtRatioAtTick(tick)
      expect(getTickAtSqrtRatio(p)).toBe(tick)
      expect(getTickAtSqrtRatio(p - 1n)).toBe(tick - 1)
      expect(getTickAtSqrtRatio(p + 1n)).toBe(tick)
    }
  })
  test('the greatest tick whose ratio is at or below the price, for any price in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_TICK, max: MAX_TICK - 1 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (tick, fraction) => {
        const low = getSqrtRatioAtTick(tick)
        const high = getSqrtRatioAtTick(tick + 1)
        const price = low + BigInt(Math.floor(Number(high - low) * fraction))
        expect(price < high).toBe(true)
        expect(getTickAtSqrtRatio(price)).toBe(tick)
        expect(getTickAtSqrtRatio(high - 1n)).toBe(tick)
      }),
      { numRuns: 200 },
    )
  })

  test('rejects prices out of range', () => {
    expect(() => getTickAtSqrtRatio(MIN_SQRT_RATIO - 1n)).toThrow('R')
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow('R')
  })
})
