import { describe, expect, test } from 'vitest'
import { balancerV2Adapter } from './index.js'
import { exp, ln, pow } from './logExpMath.js'
import { quoteWeightedSwap } from './quote.js'
import type { BalancerV2WeightedPoolSnapshot } from './types.js'

const ONE = 10n ** 18n
const fee = 10n ** 16n

describe('LogExpMath', () => {
  test('identities', () => {
    expect(exp(0n)).toBe(ONE)
    expect(ln(ONE)).toBe(0n)
    expect(pow(ONE, 3n * ONE)).toBe(ONE)
    expect(pow(0n, ONE)).toBe(0n)
    expect(pow(5n * ONE, 0n)).toBe(ONE)
  })
  test('pow is within 1e-14 relative of the real power', () => {
    for (const [x, y] of [
      [0.5, 0.25],
      [0.95, 1.5],
      [0.999, 0.3333],
      [2.5, 0.7],
      [1.05, 4.2],
    ] as const) {
      const raw = pow(BigInt(Math.round(x * 1e6)) * 10n ** 12n, BigInt(Math.round(y * 1e6)) * 10n ** 12n)
      expect(Math.abs(Number(raw) / 1e18 / Math.pow(x, y) - 1)).toBeLessThan(1e-14)
    }
  })
})

describe('quoteWeightedSwap', () => {
  const base = { weightIn: ONE / 2n, weightOut: ONE / 2n, decimalsIn: 18, decimalsOut: 18, swapFee: fee }
  test('50/50 pool: hand-computed vector (fee, divUp base, mulDown)', () => {
    expect(quoteWeightedSwap({ ...base, balanceIn: 1000n * ONE, balanceOut: 2000n * ONE, amountIn: ONE })).toBe(1978041738678708000n)
  })
  test('token decimals are upscaled and the output downscaled rounding down', () => {
    expect(
      quoteWeightedSwap({ ...base, decimalsIn: 6, balanceIn: 1000n * 10n ** 6n, balanceOut: 2000n * ONE, amountIn: 10n ** 6n }),
    ).toBe(1978041738678708000n)
    expect(
      quoteWeightedSwap({ ...base, decimalsOut: 6, balanceIn: 1000n * ONE, balanceOut: 2000n * 10n ** 6n, amountIn: ONE }),
    ).toBe(1978041n)
  })
  test('80/20 pool uses the x^4 shortcut of powUp', () => {
    const weights = { weightIn: 8n * 10n ** 17n, weightOut: 2n * 10n ** 17n }
    expect(quoteWeightedSwap({ ...base, ...weights, balanceIn: 1000n * ONE, balanceOut: 1000n * ONE, amountIn: ONE })).toBe(
      3950218372412315000n,
    )
  })
  // powUp adds an absolute error of about balanceOut * 1e-14, which dominates for dust amounts.
  test('generic exponent: below the real-valued formula, within its powUp error bound', () => {
    const weights = { weightIn: 2n * 10n ** 17n, weightOut: 8n * 10n ** 17n }
    for (const amountIn of [10n ** 12n, ONE, 100n * ONE]) {
      const out = quoteWeightedSwap({ ...base, ...weights, balanceIn: 1000n * ONE, balanceOut: 3000n * ONE, amountIn })
      const a = (Number(amountIn) * 0.99) / 1e18
      const real = 3000 * (1 - Math.pow(1000 / (1000 + a), 0.25)) * 1e18
      expect(Number(out)).toBeLessThanOrEqual(real * (1 + 1e-12))
      expect(Number(out)).toBeGreaterThan(real * (1 - 1e-12) - 3000 * 1e18 * 2e-14)
    }
  })
  test('the 30% max-in ratio applies to the input after fee', () => {
    const balances = { balanceIn: 1000n * ONE, balanceOut: 1000n * ONE }
    expect(quoteWeightedSwap({ ...base, ...balances, amountIn: 300n * ONE })).toBeGreaterThan(0n) // 297 after fee
    expect(quoteWeightedSwap({ ...base, ...balances, amountIn: 304n * ONE })).toBe(0n) // 300.96 after fee
  })
})

describe('balancerV2Adapter', () => {
  const snapshot: BalancerV2WeightedPoolSnapshot = {
    protocol: 'balancer-v2',
    address: '0x00000000000000000000000000000000000000ba',
    blockNumber: 1n,
    tokens: ['0x01', '0x02', '0x03'],
    poolId: '0x00000000000000000000000000000000000000ba000100000000000000000001',
    balances: [1000n * ONE, 2000n * ONE, 500n * 10n ** 6n],
    weights: [ONE / 2n, 3n * 10n ** 17n, 2n * 10n ** 17n],
    decimals: [18, 18, 6],
    swapFee: 3n * 10n ** 15n,
  }
  test('edges between every ordered token pair', () => {
    expect(balancerV2Adapter.getEdges(snapshot)).toHaveLength(6)
  })
  test('float model is an upper estimate; swap moves balances', () => {
    for (const edge of balancerV2Adapter.getEdges(snapshot)) {
      const amountIn = snapshot.balances[edge.tokenInIndex]! / 100n
      const exact = balancerV2Adapter.quote(snapshot, { edge, amountIn })
      const model = balancerV2Adapter.getFloatModel(snapshot, edge)
      if (model.kind !== 'custom') throw new Error('expected custom model')
      const float = model.quote(Number(amountIn))
      expect(Number(exact)).toBeLessThanOrEqual(float * (1 + 1e-12) + 1)
      expect(Number(exact)).toBeGreaterThan(float * (1 - 1e-9) - 1)
      const { snapshot: next } = balancerV2Adapter.swap(snapshot, { edge, amountIn })
      expect(next.balances[edge.tokenInIndex]).toBe(snapshot.balances[edge.tokenInIndex]! + amountIn)
      expect(next.balances[edge.tokenOutIndex]).toBe(snapshot.balances[edge.tokenOutIndex]! - exact)
    }
  })
})
