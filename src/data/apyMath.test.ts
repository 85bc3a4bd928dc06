import { describe, expect, it } from 'vitest'
import { growthToApy, rayRateToApy, sqrtBigint, SECONDS_PER_YEAR } from './apyMath.js'

describe('rayRateToApy', () => {
  it('compounds a ray rate per second: 5% APR → about e^0.05 − 1 (per-second compounding is within 1e-8 of continuous), 0 → 0', () => {
    expect(rayRateToApy(5n * 10n ** 25n)).toBeCloseTo(Math.expm1(0.05) * 100, 7)
    expect(rayRateToApy(5n * 10n ** 25n)).not.toBeCloseTo(5, 2)
    expect(rayRateToApy(0n)).toBe(0)
  })
})

describe('growthToApy', () => {
  it('compounds the growth of a window to a year', () => {
    // +1% in a week → 1.01^(365/7) − 1.
    expect(growthToApy({ from: 100n, to: 101n, seconds: 7 * 86_400 })).toBeCloseTo((Math.pow(1.01, 365 / 7) - 1) * 100, 9)
    // A whole year of +10% is 10%.
    expect(growthToApy({ from: 10n ** 18n, to: 11n * 10n ** 17n, seconds: SECONDS_PER_YEAR })).toBeCloseTo(10, 12)
    expect(growthToApy({ from: 5n, to: 5n, seconds: 60 })).toBe(0)
    // A loss is a negative APY; a total loss is −100%.
    expect(growthToApy({ from: 100n, to: 99n, seconds: SECONDS_PER_YEAR })).toBeCloseTo(-1, 12)
    expect(growthToApy({ from: 100n, to: 0n, seconds: 60 })).toBe(-100)
  })

  it('is undefined for an empty window or a zero start', () => {
    expect(growthToApy({ from: 100n, to: 101n, seconds: 0 })).toBeUndefined()
    expect(growthToApy({ from: 0n, to: 101n, seconds: 60 })).toBeUndefined()
  })
})

describe('sqrtBigint', () => {
  it('floors exactly, beyond double precision', () => {
    expect([0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n].map(sqrtBigint)).toEqual([0n, 1n, 1n, 1n, 2n, 3n, 4n, 4n])
    const big = 10n ** 30n + 12345n
    expect(sqrtBigint(big * big)).toBe(big)
    expect(sqrtBigint(big * big - 1n)).toBe(big - 1n)
  })
})
