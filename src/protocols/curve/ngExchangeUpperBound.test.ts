import fc from 'fast-check'
import { expect, test } from 'vitest'
import { curveAdapter } from './index.js'
import { ngExchangeUpperBound } from './ngExchangeUpperBound.js'
import { NG_ADMIN_FEE, exchangeNg } from './ngQuote.js'
import { CurveMathRevert } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

// stableswap-ng swaps (dynamic fee) on pools of any shape: the exact bound on every smaller input the search
// uses to drop walks that tie into a drained pool, and the float model (its fee at least the least dynamic
// fee over smaller inputs) above the exact quote and non-decreasing. The quotes themselves are proven against
// the deployed pool in ngPool.test.ts.

/** A 2- or 3-coin stableswap-ng pool of any decimals (0–18), rates up to 1.3, balances from dust, A from 1, off-peg multiplier 1–10. */
const randomPool = fc
  .record({
    decimals: fc.array(fc.integer({ min: 0, max: 18 }), { minLength: 2, maxLength: 3 }),
    rateBps: fc.array(fc.integer({ min: 10_000, max: 13_000 }), { minLength: 3, maxLength: 3 }),
    whole: fc.array(fc.bigInt(1n, 10n ** 10n), { minLength: 3, maxLength: 3 }),
    drained: fc.option(fc.bigInt(1n, 1000n)),
    A: fc.bigInt(1n, 5000n),
    fee: fc.bigInt(0n, 40_000_000n),
    multiplier: fc.bigInt(10n ** 10n, 10n ** 11n),
  })
  .map(({ decimals, rateBps, whole, drained, A, fee, multiplier }): CurveStableSwapSnapshot => {
    const balances = decimals.map((d, k) => (k === 0 && drained !== null ? drained : whole[k]! * 10n ** BigInt(d)))
    const rates = decimals.map((d, k) => (10n ** BigInt(36 - d) * BigInt(rateBps[k]!)) / 10_000n)
    return {
      protocol: 'curve', address: '0x0000000000000000000000000000000000000c0e', blockNumber: 1n,
      tokens: [...decimals.map((_, k) => `0x${String(k + 1).padStart(40, '0')}`), '0x0000000000000000000000000000000000000c0e'],
      balances, rates, ramp: { initialA: A * 100n, futureA: A * 100n, initialATime: 0n, futureATime: 0n }, timestamp: 1n,
      fee, adminFee: NG_ADMIN_FEE, totalSupply: balances.reduce((a, b) => a + b, 1n), variant: 'ng', offpegFeeMultiplier: multiplier,
    }
  })

const paid = (s: CurveStableSwapSnapshot, p: { i: number; j: number; dx: bigint }): bigint => {
  try {
    return exchangeNg(s, p).dy
  } catch (error) {
    if (error instanceof CurveMathRevert) return 0n
    throw error
  }
}

test('no smaller input is paid more than the bound (the dynamic fee at its least over them), and it is the output itself on drained pools', () => {
  let bounded = 0
  let tight = 0
  fc.assert(
    fc.property(randomPool, fc.nat(), fc.nat(), fc.double({ min: 1e-12, max: 100, noNaN: true }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }), (s, a, b, f, below) => {
      const n = s.balances.length
      const i = a % n
      const j = (i + 1 + (b % (n - 1))) % n
      const dx = BigInt(Math.max(1, Math.floor(Number(s.balances[i]!) * f)))
      const r = ngExchangeUpperBound(s, { i, j, dx })
      if (r === undefined) return
      bounded++
      const atDx = paid(s, { i, j, dx })
      expect(r.atDx).toBe(atDx)
      if (atDx + 1n >= r.bound) tight++
      expect(atDx).toBeLessThanOrEqual(r.bound)
      for (let k = 1n; k <= 64n && k <= dx; k++) expect(paid(s, { i, j, dx: dx - k })).toBeLessThanOrEqual(r.bound)
      for (const g of below) expect(paid(s, { i, j, dx: BigInt(Math.floor(Number(dx) * g)) })).toBeLessThanOrEqual(r.bound)
    }),
    { seed: 2122, numRuns: 400 },
  )
  expect(bounded).toBeGreaterThan(250)
  expect(tight / bounded).toBeGreaterThan(0.3)
})

test('the adapter gives the bound only for a swap whose quote is that math, and none for deposits and redemptions', () => {
  const s = fc.sample(randomPool, { seed: 9, numRuns: 1 })[0]!
  const swap = curveAdapter.getEdges(s).find((e) => e.action === 'swap')!
  const deposit = curveAdapter.getEdges(s).find((e) => e.action === 'deposit')!
  const amountIn = s.balances[swap.tokenInIndex]! / 10n + 1n
  const bound = curveAdapter.quoteUpperBound!(s, { edge: swap, amountIn })
  expect(bound).toBeDefined()
  expect(curveAdapter.quote(s, { edge: swap, amountIn })).toBeLessThanOrEqual(bound!)
  expect(curveAdapter.quoteUpperBound!(s, { edge: deposit, amountIn })).toBeUndefined()
})

test('float model of a swap: above the exact quote and non-decreasing with the dynamic fee, drained and imbalanced pools included', () => {
  // Scaled balances at least 1e-12 of each other: past that (a coin of one raw unit against 1e22 times its value)
  // the doubles' Newton iterations lose the output's last digits, for every StableSwap generation (a known gap of
  // the float model, docs/benchmarks.md).
  const xpRatio = (s: CurveStableSwapSnapshot) => {
    const xp = s.balances.map((b, k) => Number(b) * (Number(s.rates[k]!) / 1e18))
    return Math.min(...xp) / Math.max(...xp)
  }
  fc.assert(
    fc.property(randomPool.filter((s) => xpRatio(s) >= 1e-12), fc.nat(), fc.nat(), fc.double({ min: 1e-9, max: 50, noNaN: true }), (s, a, b, f) => {
      const n = s.balances.length
      const i = a % n
      const j = (i + 1 + (b % (n - 1))) % n
      const edge = curveAdapter.getEdges(s).find((e) => e.action === 'swap' && e.tokenInIndex === i && e.tokenOutIndex === j)!
      const model = curveAdapter.getFloatModel(s, edge)
      if (model.kind !== 'custom') throw new Error('expected a custom model')
      const amountIn = Math.max(1, Math.floor(Number(s.balances[i]!) * f))
      const float = model.quote(amountIn)
      expect(Number(paid(s, { i, j, dx: BigInt(amountIn) }))).toBeLessThanOrEqual(float * (1 + 1e-9))
      expect(model.quote(amountIn * 1.01)).toBeGreaterThanOrEqual(float)
      expect(model.quote(amountIn * 3)).toBeGreaterThanOrEqual(float)
    }),
    { seed: 2123, numRuns: 1_000 },
  )
})
