import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { curveAdapter } from './index.js'
import { addLiquidity, calcTokenAmount, calcWithdrawOneCoin, exchange, getDy } from './quote.js'
import { ampAt, getD, xpOf } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

const E18 = 10n ** 18n
const RATES = [10n ** 18n, 10n ** 30n, 10n ** 30n]

/** A 3pool-shaped snapshot: DAI (18), USDC (6), USDT (6) balances in whole dollars. */
function pool(p: { dollars: readonly bigint[]; A?: bigint; fee?: bigint; adminFee?: bigint; supply?: bigint }): CurveStableSwapSnapshot {
  const balances = [p.dollars[0]! * E18, p.dollars[1]! * 10n ** 6n, p.dollars[2]! * 10n ** 6n]
  const A = p.A ?? 2000n
  return {
    protocol: 'curve', address: '0xbebc44782c7db0a1a60cb6fe97d0b483032ff1c7', blockNumber: 1n,
    tokens: ['0xdai', '0xusdc', '0xusdt', '0x3crv'], balances, rates: RATES,
    ramp: { initialA: A, futureA: A, initialATime: 0n, futureATime: 0n }, timestamp: 1_700_000_000n,
    fee: p.fee ?? 1_000_000n, adminFee: p.adminFee ?? 5_000_000_000n,
    totalSupply: p.supply ?? getD(xpOf(balances, RATES), A),
  }
}

const randomPool = fc
  .record({
    dollars: fc.array(fc.bigInt(1_000n, 10n ** 10n), { minLength: 3, maxLength: 3 }),
    A: fc.bigInt(1n, 10_000n),
    fee: fc.bigInt(0n, 50_000_000n),
    adminFee: fc.bigInt(0n, 10n ** 10n),
  })
  .map(pool)

describe('curve StableSwap math', () => {
  test('a balanced pool: D is the sum of the balances; 1M USDC → USDT pays 1M less the 0.01% fee and a few dollars of curve', () => {
    const s = pool({ dollars: [50_000_000n, 50_000_000n, 50_000_000n] })
    expect(getD(xpOf(s.balances, s.rates), 2000n)).toBe(150_000_000n * E18)
    const dy = getDy(s, { i: 1, j: 2, dx: 1_000_000n * 10n ** 6n })
    expect(dy).toBeLessThan(999_900n * 10n ** 6n)
    expect(dy).toBeGreaterThan(999_890n * 10n ** 6n)
  })

  test('A ramps linearly between its ends, up and down, and stays at future_A after', () => {
    const ramp = { initialA: 100n, futureA: 200n, initialATime: 1000n, futureATime: 2000n }
    expect([ampAt(ramp, 1000n), ampAt(ramp, 1500n), ampAt(ramp, 1999n), ampAt(ramp, 2000n), ampAt(ramp, 9999n)]).toEqual([100n, 150n, 199n, 200n, 200n])
    const down = { initialA: 200n, futureA: 100n, initialATime: 1000n, futureATime: 2000n }
    expect([ampAt(down, 1000n), ampAt(down, 1250n), ampAt(down, 2000n)]).toEqual([200n, 175n, 100n])
  })

  test('exchange pays get_dy or 1 wei less (the view rounds the fee after converting to coin units), never more', () => {
    fc.assert(
      fc.property(randomPool, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 2 }), fc.double({ min: 1e-9, max: 2, noNaN: true }), (s, i, step, f) => {
        const j = (i + step) % 3
        const dx = BigInt(Math.max(1, Math.floor(Number(s.balances[i]!) * f)))
        let view: bigint | undefined
        let paid: bigint | undefined
        try { view = getDy(s, { i, j, dx }) } catch { /* the view reverts */ }
        try { paid = exchange(s, { i, j, dx }).dy } catch { /* the pool reverts */ }
        if (view === undefined || paid === undefined) return
        expect(view - paid === 0n || (view - paid === 1n && j !== 0)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  test('a proportional deposit mints calc_token_amount less nothing; a one-sided one pays the imbalance fee', () => {
    const s = pool({ dollars: [1_000_000n, 1_000_000n, 1_000_000n] })
    const proportional = [1_000n * E18, 1_000n * 10n ** 6n, 1_000n * 10n ** 6n]
    expect(addLiquidity(s, { amounts: proportional }).minted).toBe(calcTokenAmount(s, { amounts: proportional, deposit: true }))
    const oneSided = [0n, 3_000n * 10n ** 6n, 0n]
    expect(addLiquidity(s, { amounts: oneSided }).minted).toBeLessThan(calcTokenAmount(s, { amounts: oneSided, deposit: true }))
    const lp = addLiquidity(s, { amounts: oneSided }).minted
    expect(calcWithdrawOneCoin(s, { tokenAmount: lp, i: 1 }).dy).toBeLessThan(3_000n * 10n ** 6n)
  })

  test('float model: never below the exact quote (1e-9 relative), on every edge of random pools', () => {
    fc.assert(
      fc.property(randomPool, fc.nat(), fc.double({ min: 1e-12, max: 1.5, noNaN: true }), (s, pick, f) => {
        const edges = curveAdapter.getEdges(s)
        const edge = edges[pick % edges.length]!
        const base = edge.action === 'redeem' ? Number(s.totalSupply) : Number(s.balances[edge.tokenInIndex]!)
        const amountIn = Math.max(1, Math.floor(base * f))
        const exact = Number(curveAdapter.quote(s, { edge, amountIn: BigInt(amountIn) }))
        const model = curveAdapter.getFloatModel(s, edge)
        if (model.kind !== 'custom') throw new Error('expected a custom model')
        const float = model.quote(amountIn)
        expect(Number.isFinite(float) && float >= 0).toBe(true)
        expect(exact).toBeLessThanOrEqual(float * (1 + 1e-9))
        expect(model.quote(amountIn * 1.01)).toBeGreaterThanOrEqual(float)
      }),
      { numRuns: 500, ...(process.env.CURVE_SEED ? { seed: Number(process.env.CURVE_SEED) } : {}) },
    )
  })

  test('float model of a deposit: non-decreasing and above the exact quote up to deposits 1e8 times the pool, past where its fees exceed the other coins (the pool reverts)', () => {
    // Found by the bench's hostile graph: a zap deposit into a $0.02 metapool, whose model fell from 1.6e20 to 2e16 as
    // the deposit grew, so the search kept a larger arrival that the last hop then under-estimated.
    fc.assert(
      fc.property(fc.array(fc.bigInt(1n, 10_000n), { minLength: 3, maxLength: 3 }), fc.bigInt(1n, 5_000n), fc.bigInt(1_000_000n, 40_000_000n), fc.nat(2), (dollars, A, fee, i) => {
        const s = pool({ dollars, A, fee })
        const edge = curveAdapter.getEdges(s).find((e) => e.action === 'deposit' && e.tokenInIndex === i)!
        const model = curveAdapter.getFloatModel(s, edge)
        if (model.kind !== 'custom') throw new Error('expected a custom model')
        let previous = 0
        for (let f = 1e-6; f <= 1e8; f *= 10 ** 0.25) {
          const amountIn = Math.max(1, Math.floor(Number(s.balances[i]!) * f))
          const float = model.quote(amountIn)
          expect(float, `deposit ${f} of the coin's balance`).toBeGreaterThanOrEqual(previous)
          expect(Number(curveAdapter.quote(s, { edge, amountIn: BigInt(amountIn) }))).toBeLessThanOrEqual(float * (1 + 1e-9))
          previous = float
        }
      }),
      { numRuns: 200 },
    )
  })

  test('swap returns the state after: the pool then quotes from it, and an impossible trade leaves the snapshot as is', () => {
    const s = pool({ dollars: [10_000_000n, 10_000_000n, 10_000_000n] })
    const edge = curveAdapter.getEdges(s).find((e) => e.action === 'swap' && e.tokenInIndex === 1 && e.tokenOutIndex === 2)!
    const first = curveAdapter.swap(s, { edge, amountIn: 5_000_000n * 10n ** 6n })
    const second = curveAdapter.swap(first.snapshot, { edge, amountIn: 5_000_000n * 10n ** 6n })
    expect(second.amountOut).toBeLessThan(first.amountOut)
    expect(s.balances[1]).toBe(10_000_000n * 10n ** 6n)
    const redeem = curveAdapter.getEdges(s).find((e) => e.action === 'redeem')!
    expect(curveAdapter.swap(s, { edge: redeem, amountIn: s.totalSupply + 1n })).toEqual({ amountOut: 0n, snapshot: s })
    expect(curveAdapter.quote(s, { edge, amountIn: 0n })).toBe(0n)
  })
})

/** An ETH/stETH-shaped snapshot (steth generation: A times 100, the stETH coin moving by shares). */
function stethPool(p: { ether: readonly bigint[]; A: bigint; fee: bigint; adminFee: bigint; rate: bigint }): CurveStableSwapSnapshot {
  const balances = [p.ether[0]! * E18, p.ether[1]! * E18]
  const rates = [E18, E18]
  const A = p.A * 100n
  const totalShares = 10n ** 24n
  return {
    protocol: 'curve', address: '0xdc24316b9ae028f1497c275eb9192a3ea0f67022', blockNumber: 1n,
    tokens: ['0xweth', '0xsteth', '0xstecrv'], balances, rates,
    ramp: { initialA: A, futureA: A, initialATime: 0n, futureATime: 0n }, timestamp: 1_700_000_000n,
    fee: p.fee, adminFee: p.adminFee, totalSupply: balances[0]! + balances[1]!, variant: 'steth', nativeCoin: 0,
    sharesCoin: { index: 1, totalPooledEther: (totalShares * p.rate) / 1000n, totalShares, poolShares: (balances[1]! * 1000n) / p.rate },
  }
}

describe('curve ETH/stETH generation math', () => {
  const randomStethPool = fc
    .record({ ether: fc.array(fc.bigInt(1n, 10n ** 7n), { minLength: 2, maxLength: 2 }), A: fc.bigInt(1n, 5_000n), fee: fc.bigInt(0n, 50_000_000n), adminFee: fc.bigInt(0n, 10n ** 10n), rate: fc.bigInt(1000n, 1300n) })
    .map(stethPool)

  test('float model: never below the exact quote (1e-9 relative), on every edge of random ETH/stETH pools', () => {
    fc.assert(
      fc.property(randomStethPool, fc.nat(), fc.double({ min: 1e-12, max: 1.5, noNaN: true }), (s, pick, f) => {
        const edges = curveAdapter.getEdges(s)
        const edge = edges[pick % edges.length]!
        const base = edge.action === 'redeem' ? Number(s.totalSupply) : Number(s.balances[edge.tokenInIndex]!)
        const amountIn = Math.max(1, Math.floor(base * f))
        const exact = Number(curveAdapter.quote(s, { edge, amountIn: BigInt(amountIn) }))
        const model = curveAdapter.getFloatModel(s, edge)
        if (model.kind !== 'custom') throw new Error('expected a custom model')
        expect(exact).toBeLessThanOrEqual(model.quote(amountIn) * (1 + 1e-9))
      }),
      { numRuns: 500 },
    )
  })

  test('stETH in: the trade is priced on the amount named, the state after holds what the shares round to', () => {
    const s = stethPool({ ether: [40_000n, 60_000n], A: 1000n, fee: 1_000_000n, adminFee: 5_000_000_000n, rate: 1137n })
    const edge = curveAdapter.getEdges(s).find((e) => e.action === 'swap' && e.tokenInIndex === 1)!
    const dx = 10n ** 18n + 1n
    const { amountOut, snapshot } = curveAdapter.swap(s, { edge, amountIn: dx })
    expect(amountOut).toBe(getDy(s, { i: 1, j: 0, dx }))
    const received = snapshot.balances[1]! - s.balances[1]!
    expect(dx - received).toBeGreaterThanOrEqual(0n)
    expect(dx - received).toBeLessThanOrEqual(2n)
    expect((snapshot as CurveStableSwapSnapshot).sharesCoin!.poolShares).toBeGreaterThan(s.sharesCoin!.poolShares)
  })
})
