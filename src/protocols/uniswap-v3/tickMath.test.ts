import { describe, expect, test } from 'vitest'
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath.js'

describe('getSqrtRatioAtTick', () => {
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
  test('rejects prices out of range', () => {
    expect(() => getTickAtSqrtRatio(MIN_SQRT_RATIO - 1n)).toThrow('R')
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow('R')
  })
})
