import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { computeSwapStep } from './swapMath.js'
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from './tickMath.js'

// Exact rational references (whitepaper §6.2.3), rounded as the contract rounds: what the pool receives
// up, what it pays down, and the next price so that the swap never gets more than it paid for.
const Q96 = 1n << 96n
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b
const amount0 = (a: bigint, b: bigint, l: bigint, up: boolean): bigint => {
  const [lo, hi] = a < b ? [a, b] : [b, a]
  const n = (l << 96n) * (hi - lo)
  return up ? ceilDiv(n, lo * hi) : n / (lo * hi)
}
const amount1 = (a: bigint, b: bigint, l: bigint, up: boolean): bigint => {
  const n = l * (a < b ? b - a : a - b)
  return up ? ceilDiv(n, Q96) : n / Q96
}

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

  test('equal prices: nothing to swap', () => {
    expect(computeSwapStep(price, price, 10n ** 18n, 10n ** 18n, 3000)).toEqual({ amountIn: 0n, feeAmount: 0n, amountOut: 0n, sqrtRatioNextX96: price })
  })

  test('the contract\'s exact-input step, from its rounding rules, in both directions', () => {
    const sqrtPrice = fc.bigInt(MIN_SQRT_RATIO, MAX_SQRT_RATIO)
    // Amounts from dust to far past any range, so both outcomes (target reached or not) are common.
    const amount = fc.oneof(fc.bigInt(0n, 10n ** 6n), fc.bigInt(0n, 1n << 128n), fc.bigInt(0n, 1n << 200n))
    const fee = fc.oneof(fc.constantFrom(0, 100, 500, 3000, 10_000, 999_999), fc.integer({ min: 0, max: 999_999 }))
    fc.assert(
      fc.property(sqrtPrice, sqrtPrice, fc.bigInt(0n, (1n << 128n) - 1n), amount, fee, (current, target, liquidity, remaining, feePips) => {
        const step = computeSwapStep(current, target, liquidity, remaining, feePips)
        const zeroForOne = current >= target
        const f = BigInt(feePips)
        const lessFee = (remaining * (1_000_000n - f)) / 1_000_000n
        const toTarget = zeroForOne ? amount0(target, current, liquidity, true) : amount1(current, target, liquidity, true)
        const next = step.sqrtRatioNextX96
        if (lessFee >= toTarget) {
          // Reaches the target; the fee is charged on the input actually used, rounded up.
          expect(next).toBe(target)
          expect(step.amountIn).toBe(toTarget)
          expect(step.feeAmount).toBe(ceilDiv(toTarget * f, 1_000_000n - f))
          expect(step.amountIn + step.feeAmount <= remaining).toBe(true)
        } else {
          // Stops short: the price the net input reaches, rounded toward the start; the remainder is fee.
          const n = liquidity << 96n
          const expectedNext = zeroForOne
            ? lessFee === 0n
              ? current
              : n + lessFee * current <= (1n << 256n) - 1n
                ? ceilDiv(n * current, n + lessFee * current)
                : next
            : current + (lessFee * Q96) / liquidity
          expect(next).toBe(expectedNext)
          expect(zeroForOne ? next >= target && next <= current : next <= target && next >= current).toBe(true)
          expect(step.amountIn).toBe(zeroForOne ? amount0(next, current, liquidity, true) : amount1(current, next, liquidity, true))
          expect(step.amountIn <= lessFee).toBe(true)
          expect(step.feeAmount).toBe(remaining - step.amountIn)
        }
        expect(step.amountOut).toBe(zeroForOne ? amount1(next, current, liquidity, false) : amount0(current, next, liquidity, false))
      }),
      { numRuns: 400 },
    )
  })

  test('stopping short in the zeroForOne direction', () => {
    // 1e15 of token0 into 1e18 of liquidity at price 1 stops far above the 1/4 target.
    const step = computeSwapStep(price, price / 2n, 10n ** 18n, 10n ** 15n, 3000)
    const lessFee = 10n ** 15n - 3n * 10n ** 12n
    const n = 10n ** 18n << 96n
    expect(step.sqrtRatioNextX96).toBe(ceilDiv(n * price, n + lessFee * price))
    expect(step.amountIn).toBe(amount0(step.sqrtRatioNextX96, price, 10n ** 18n, true))
    expect(step.amountOut).toBe(amount1(step.sqrtRatioNextX96, price, 10n ** 18n, false))
    expect(step.feeAmount).toBe(10n ** 15n - step.amountIn)
    expect(step.feeAmount >= 3n * 10n ** 12n).toBe(true)
  })
})

