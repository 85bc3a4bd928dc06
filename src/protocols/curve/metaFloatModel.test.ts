import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { curveAdapter } from './index.js'
import type { CurveMetaSnapshot } from './metaPool.js'
import { getD, xpOf } from './stableSwapMath.js'

// The float model of a metapool's edges (its own, exchange_underlying through the base pool, the zap's
// deposits and redemptions) against the exact quote: an upper estimate within the FloatModel contract's
// 1e-9 and non-decreasing, over random states of both pools (fresh and stale virtual-price caches).

const E18 = 10n ** 18n
const rate = (decimals: number) => 10n ** BigInt(36 - decimals)

function metaPool(p: { base: readonly bigint[]; baseA: bigint; baseFee: bigint; coin: bigint; lp: bigint; decimals: number; A: bigint; fee: bigint; supplyPremium: bigint; stale: boolean }): CurveMetaSnapshot {
  const baseRates = [rate(18), rate(6), rate(6)]
  const baseBalances = [p.base[0]! * E18, p.base[1]! * 10n ** 6n, p.base[2]! * 10n ** 6n]
  // A base supply below D: a virtual price above 1 (fees earned).
  const baseD = getD(xpOf(baseBalances, baseRates), p.baseA)
  const baseSupply = (baseD * 10_000n) / (10_000n + p.supplyPremium)
  const vp = (baseD * E18) / baseSupply
  const balances = [p.coin * 10n ** BigInt(p.decimals), p.lp * E18]
  const rates = [rate(p.decimals), vp]
  const A = p.A * 100n
  const supply = getD(xpOf(balances, rates), A, 'meta')
  return {
    protocol: 'curve', address: '0x0000000000000000000000000000000000000a11', blockNumber: 1n,
    tokens: ['0x00000000000000000000000000000000000000c0', '0x00000000000000000000000000000000000000c1', '0x00000000000000000000000000000000000000c2', '0x00000000000000000000000000000000000000d0', '0x00000000000000000000000000000000000000d1', '0x00000000000000000000000000000000000000d2'],
    balances, rates, ramp: { initialA: A, futureA: A, initialATime: 0n, futureATime: 0n }, timestamp: 10_000n,
    fee: p.fee, adminFee: 5_000_000_000n, totalSupply: supply, variant: 'meta',
    meta: {
      base: { address: '0x0000000000000000000000000000000000000b55', balances: baseBalances, rates: baseRates, ramp: { initialA: p.baseA, futureA: p.baseA, initialATime: 0n, futureATime: 0n }, fee: p.baseFee, adminFee: 5_000_000_000n, totalSupply: baseSupply },
      // A stale cache holds a lower price than the base pool's now.
      baseVirtualPrice: p.stale ? E18 : vp, baseCacheUpdated: p.stale ? 1_000n : 9_900n, zap: '0x0000000000000000000000000000000000000a12',
    },
  }
}

const dollars = fc.bigInt(10_000n, 2n * 10n ** 9n)
const state = fc.record({
  base: fc.tuple(dollars, dollars, dollars), baseA: fc.bigInt(50n, 5_000n), baseFee: fc.bigInt(0n, 40_000_000n),
  coin: dollars, lp: dollars, decimals: fc.constantFrom(2, 6, 18), A: fc.bigInt(10n, 5_000n), fee: fc.bigInt(0n, 40_000_000n),
  supplyPremium: fc.bigInt(0n, 500n), stale: fc.boolean(),
})

describe('metapool float model', () => {
  test('every edge is an upper estimate of the exact quote and non-decreasing', () => {
    let checked = 0
    fc.assert(
      fc.property(state, fc.nat(17), fc.double({ min: 1e-7, max: 1.5, noNaN: true }), (p, e, f) => {
        const s = metaPool(p)
        const edges = curveAdapter.getEdges(s)
        expect(edges).toHaveLength(18)
        const edge = edges[e]!
        // A base coin goes into the metapool as 3Crv: sized, as the plain pools' test sizes its inputs, against
        // the metapool's 3Crv balance (far larger deposits are where a StableSwap deposit stops rising, exact
        // or float, as the plain pools' do).
        const k = edge.tokenInIndex - 3
        const asThreeCrv = (x: bigint) => (k >= 0 ? (x * E18) / s.meta.base.rates[k]! : x)
        const held = edge.action === 'redeem' ? s.totalSupply : k >= 0 ? [s.meta.base.balances[k]!, asThreeCrv(s.balances[1]!)].reduce((a, b) => (a < b ? a : b)) : s.balances[edge.tokenInIndex]!
        const amountIn = Math.max(1, Math.floor(Number(held) * f))
        const exact = Number(curveAdapter.quote(s, { edge, amountIn: BigInt(amountIn) }))
        const model = curveAdapter.getFloatModel(s, edge)
        if (model.kind !== 'custom') throw new Error('expected a custom model')
        const float = model.quote(amountIn)
        expect(Number.isFinite(float) && float >= 0).toBe(true)
        expect(exact, `${edge.action} ${edge.tokenInIndex}->${edge.tokenOutIndex}`).toBeLessThanOrEqual(float * (1 + 1e-9))
        expect(model.quote(amountIn * 1.01)).toBeGreaterThanOrEqual(float)
        checked++
      }),
      { numRuns: 5_000 },
    )
    expect(checked).toBe(5_000)
  })
})
