import { describe, expect, test } from 'vitest'
import { computeSwapStep } from './swapMath.js'

// Vectors from Uniswap v3-core's SwapMath.spec.ts (exact-input cases).
describe('computeSwapStep', () => {
  const price = 1n << 96n
  test('exact amount in that gets capped at the price target (one for zero)', () => {
    const target = 79623317895830914510639640423n // encodePriceSqrt(101, 100)
    const step = computeSwapStep(price, target, 2n * 10n ** 18n, 10n ** 18n, 600)
    expect(step.amountIn).toBe(9975124224178055n)
    expect(step.feeAmount).toBe(5988667735148n)
    expect(step.amountOut).toBe(9925619580021728n)
    expect(step.sqrtRatioNextX96).toBe(target)
  })
  test('exact amount in that is fully spent (one for zero)', () => {
    const target = 250541448375047931186413801569n // encodePriceSqrt(1000, 100)
    const step = computeSwapStep(price, target, 2n * 10n ** 18n, 10n ** 18n, 600)
    expect(step.amountIn).toBe(999400000000000000n)
    expect(step.feeAmount).toBe(600000000000000n)
    expect(step.amountOut).toBe(666399946655997866n)
    expect(step.sqrtRatioNextX96 < target).toBe(true)
    expect(step.amountIn + step.feeAmount).toBe(10n ** 18n)
  })
  test('entire input amount taken as fee', () => {
    const step = computeSwapStep(2413n, 79887613182836312n, 1985041575832132834610021537970n, 10n, 1872)
    expect(step).toEqual({ amountIn: 0n, feeAmount: 10n, amountOut: 0n, sqrtRatioNextX96: 2413n })
  })
  test('target price of 1 uses partial input amount', () => {
    const step = computeSwapStep(2n, 1n, 1n, 3915081100057732413702495386755767n, 1)
    expect(step.amountIn).toBe(39614081257132168796771975168n)
    expect(step.feeAmount).toBe(39614120871253040049813n)
    expect(step.amountOut).toBe(0n)
    expect(step.sqrtRatioNextX96).toBe(1n)
  })
  test('zero liquidity range moves straight to the target', () => {
    const step = computeSwapStep(price, price / 2n, 0n, 10n ** 18n, 3000)
    expect(step).toEqual({ amountIn: 0n, feeAmount: 0n, amountOut: 0n, sqrtRatioNextX96: price / 2n })
  })
})
