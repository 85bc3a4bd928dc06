import { describe, expect, test } from 'vitest'
import { uniswapV3Adapter } from './index.js'
import { quoteExactInput } from './quote.js'
import { quoteFloat } from './quoteFloat.js'
import { computeSwapStep } from './swapMath.js'
import { getSqrtRatioAtTick } from './tickMath.js'
import type { UniswapV3PoolSnapshot } from './types.js'

const L = 10n ** 21n
const pool: UniswapV3PoolSnapshot = {
  protocol: 'uniswap-v3',
  address: '0x00000000000000000000000000000000000000b3',
  blockNumber: 1n,
  tokens: ['0x01', '0x02'],
  sqrtPriceX96: 1n << 96n,
  tick: 0,
  liquidity: L + L / 2n,
  fee: 3000,
  tickSpacing: 60,
  ticks: [
    { index: -1200, liquidityNet: L },
    { index: -120, liquidityNet: L / 2n },
    { index: 120, liquidityNet: -L / 2n },
    { index: 1200, liquidityNet: -L },
  ],
  tickWindow: { lower: -887220, upper: 887220 },
}

describe('quoteExactInput', () => {
  test('inside one range it equals a single computeSwapStep', () => {
    for (const zeroForOne of [true, false]) {
      const amountIn = 10n ** 18n
      const target = getSqrtRatioAtTick(zeroForOne ? -120 : 120)
      const step = computeSwapStep(pool.sqrtPriceX96, target, pool.liquidity, amountIn, pool.fee)
      expect(step.sqrtRatioNextX96).not.toBe(target)
      const result = quoteExactInput(pool, { zeroForOne, amountIn })
      expect(result.status).toBe('ok')
      expect(result.amountOut).toBe(step.amountOut)
      expect(result.sqrtPriceX96).toBe(step.sqrtRatioNextX96)
    }
  })

  test('crossing ticks: below the real-valued model, within 1e-9 of it', () => {
    for (const zeroForOne of [true, false]) {
      for (const amountIn of [10n ** 15n, 10n ** 19n, 3n * 10n ** 19n, 6n * 10n ** 19n]) {
        const exact = quoteExactInput(pool, { zeroForOne, amountIn })
        expect(exact.status).toBe('ok')
        const float = quoteFloat(pool, { zeroForOne, amountIn: Number(amountIn) })
        expect(Number(exact.amountOut)).toBeLessThanOrEqual(float * (1 + 1e-12))
        expect(Number(exact.amountOut)).toBeGreaterThan(float * (1 - 1e-9))
      }
    }
  })

  test('crossing a tick updates liquidity and tick', () => {
    const result = quoteExactInput(pool, { zeroForOne: true, amountIn: 2n * 10n ** 19n })
    expect(result.tick).toBeLessThan(-120)
    expect(result.liquidity).toBe(L)
    const back = quoteExactInput(pool, { zeroForOne: false, amountIn: 2n * 10n ** 19n })
    expect(back.tick).toBeGreaterThanOrEqual(120)
    expect(back.liquidity).toBe(L)
  })

  test('needing ticks outside the loaded window gives windowExhausted and 0n', () => {
    const narrow = { ...pool, tickWindow: { lower: -15360, upper: 15359 } }
    expect(quoteExactInput(narrow, { zeroForOne: true, amountIn: 10n ** 18n }).status).toBe('ok')
    const result = quoteExactInput(narrow, { zeroForOne: true, amountIn: 10n ** 24n })
    expect(result).toMatchObject({ status: 'windowExhausted', amountOut: 0n })
  })

  test('running out of liquidity is a price-limit partial fill and gives 0n', () => {
    const result = quoteExactInput(pool, { zeroForOne: false, amountIn: 10n ** 30n })
    expect(result).toMatchObject({ status: 'priceLimit', amountOut: 0n })
  })

  test('adapter swap returns the moved state', () => {
    const edge = uniswapV3Adapter.getEdges(pool)[1]!
    const { amountOut, snapshot } = uniswapV3Adapter.swap(pool, { edge, amountIn: 10n ** 18n })
    expect(amountOut).toBeGreaterThan(0n)
    expect(snapshot.sqrtPriceX96 > pool.sqrtPriceX96).toBe(true)
    expect(uniswapV3Adapter.getStepData(pool, edge)).toEqual({ fee: 3000 })
  })
})
