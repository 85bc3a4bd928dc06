import fc from 'fast-check'
import { expect, test } from 'vitest'
import { curveAdapter } from './index.js'
import type { CurveMetaSnapshot } from './metaPool.js'
import { getD, xpOf } from './stableSwapMath.js'

// The exact bound a metapool's swaps into its own coins give the search (cannotBeatExactly): above the quote
// at the amount and at every smaller one, over random metapools (a nearly drained meta coin included), and the
// tie it is there for: on a drained meta coin, walks of every size into it pay the bound.

const E18 = 10n ** 18n
const rate = (decimals: number) => 10n ** BigInt(36 - decimals)

function metaPool(p: { base: readonly bigint[]; baseA: bigint; coin: bigint; lp: bigint; decimals: number; A: bigint; fee: bigint; stale: boolean }): CurveMetaSnapshot {
  const baseRates = [rate(18), rate(6), rate(6)]
  const baseBalances = [p.base[0]! * E18, p.base[1]! * 10n ** 6n, p.base[2]! * 10n ** 6n]
  const baseSupply = getD(xpOf(baseBalances, baseRates), p.baseA)
  const balances = [p.coin, p.lp * E18]
  const rates = [rate(p.decimals), E18]
  const A = p.A * 100n
  return {
    protocol: 'curve', address: '0x0000000000000000000000000000000000000a11', blockNumber: 1n,
    tokens: ['0x00000000000000000000000000000000000000c0', '0x00000000000000000000000000000000000000c1', '0x00000000000000000000000000000000000000c2', '0x00000000000000000000000000000000000000d0', '0x00000000000000000000000000000000000000d1', '0x00000000000000000000000000000000000000d2'],
    balances, rates, ramp: { initialA: A, futureA: A, initialATime: 0n, futureATime: 0n }, timestamp: 10_000n,
    fee: p.fee, adminFee: 5_000_000_000n, totalSupply: getD(xpOf(balances, rates), A, 'meta') + 1n, variant: 'meta',
    meta: {
      base: { address: '0x0000000000000000000000000000000000000b55', balances: baseBalances, rates: baseRates, ramp: { initialA: p.baseA, futureA: p.baseA, initialATime: 0n, futureATime: 0n }, fee: 4_000_000n, adminFee: 5_000_000_000n, totalSupply: baseSupply },
      baseVirtualPrice: E18, baseCacheUpdated: p.stale ? 1_000n : 9_900n, zap: '0x0000000000000000000000000000000000000a12',
    },
  }
}

const dollars = fc.bigInt(10_000n, 10n ** 9n)
const state = fc.record({
  base: fc.tuple(dollars, dollars, dollars), baseA: fc.bigInt(50n, 5_000n), decimals: fc.constantFrom(2, 6, 18),
  drained: fc.boolean(), whole: dollars, lp: dollars, A: fc.bigInt(1n, 2_000n), fee: fc.bigInt(0n, 40_000_000n), stale: fc.boolean(),
}).map((p) => metaPool({ ...p, coin: p.drained ? BigInt(1 + Number(p.whole % 1000n)) : p.whole * 10n ** BigInt(p.decimals) }))

test('a metapool swap into its own coins is bounded for every smaller input; other edges have no bound', () => {
  let bounded = 0
  fc.assert(
    fc.property(state, fc.nat(), fc.double({ min: 1e-9, max: 3, noNaN: true }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }), (s, e, f, below) => {
      const edges = curveAdapter.getEdges(s)
      const edge = edges[e % edges.length]!
      const held = edge.tokenInIndex === 2 ? s.totalSupply : edge.tokenInIndex < 2 ? s.balances[edge.tokenInIndex]! : s.meta.base.balances[edge.tokenInIndex - 3]!
      const amountIn = BigInt(Math.max(1, Math.floor(Number(held) * f)))
      const bound = curveAdapter.quoteUpperBound!(s, { edge, amountIn })
      const intoOwnCoin = edge.action === 'swap' && edge.tokenOutIndex <= 1 && (edge.tokenInIndex <= 1 || edge.tokenOutIndex === 0)
      if (!intoOwnCoin) {
        expect(bound).toBeUndefined()
        return
      }
      if (bound === undefined) return
      bounded++
      const quote = (x: bigint) => curveAdapter.quote(s, { edge, amountIn: x })
      expect(quote(amountIn)).toBeLessThanOrEqual(bound)
      for (let k = 1n; k <= 16n && k <= amountIn; k++) expect(quote(amountIn - k)).toBeLessThanOrEqual(bound)
      for (const g of below) expect(quote(BigInt(Math.floor(Number(amountIn) * g)))).toBeLessThanOrEqual(bound)
    }),
    { seed: 2124, numRuns: 600 },
  )
  expect(bounded).toBeGreaterThan(100)
})

test('on a drained meta coin, base coins of every size buy what is left, and the bound is that tie', () => {
  const s = metaPool({ base: [1_000_000n, 1_000_000n, 1_000_000n], baseA: 200n, coin: 1_681n, lp: 5_000n, decimals: 6, A: 100n, fee: 4_000_000n, stale: false })
  const edge = curveAdapter.getEdges(s).find((e) => e.action === 'swap' && e.tokenInIndex === 4 && e.tokenOutIndex === 0)!
  const outs = [500_000n, 1_000_000n, 2_000_000n].map((usd) => curveAdapter.quote(s, { edge, amountIn: usd * 10n ** 6n }))
  expect(new Set(outs).size).toBe(1)
  expect(curveAdapter.quoteUpperBound!(s, { edge, amountIn: 500_000n * 10n ** 6n })).toBeLessThanOrEqual(outs[0]! + 1n)
})
