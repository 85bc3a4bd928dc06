import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { curveAdapter } from './index.js'
import { twocryptoTestPool as pool } from './testing/twocryptoTestPool.js'
import { exchange } from './twocryptoPool.js'
import type { CurveTwocryptoSnapshot } from './twocryptoTypes.js'

// The twocrypto-ng edges on fixture pools (no chain): the float model stays above the exact quote and
// never falls as the amount grows, past the pool's limits included, and a pool the route already traded
// through is not quoted again. The quotes themselves are proven against the deployed contract in
// twocryptoPool.test.ts.

const E18 = 10n ** 18n

describe('curve twocrypto-ng edges', () => {
  test('the float model of every edge (swaps, one-coin deposits and redemptions) is an upper estimate of the exact quote and monotone, past the pool\'s limit too', () => {
    fc.assert(
      fc.property(
        fc.record({
          usd: fc.bigInt(10_000n, 100_000_000n), priceLog10: fc.double({ min: -2, max: 5, noNaN: true }), decimals: fc.tuple(fc.constantFrom(6, 8, 18), fc.constantFrom(6, 8, 18)),
          skew: fc.double({ min: 0, max: 0.5, noNaN: true }), skewDir: fc.nat(1), edge: fc.nat(5), f: fc.double({ min: 1e-9, max: 3, noNaN: true }),
        }),
        (r) => {
          const price = BigInt(Math.round(10 ** r.priceLog10 * 1e6)) * 10n ** 12n
          let s = pool({ usd: r.usd, price, decimals: r.decimals })
          // Move the pool off balance first with a real trade (state after tweak_price).
          const dx = BigInt(Math.floor(Number(s.balances[r.skewDir]!) * r.skew))
          if (dx > 0n) {
            try {
              s = { ...s, ...exchange(s, { i: r.skewDir, j: 1 - r.skewDir, dx, timestamp: 2_000n }).state }
            } catch {
              // The pool refuses the skewing trade: test the balanced pool.
            }
          }
          const edge = curveAdapter.getEdges(s)[r.edge]!
          // Swaps and deposits scale with the coin's balance, redemptions with the LP supply.
          const amountIn = Math.max(1, Math.floor(Number(edge.tokenInIndex === 2 ? s.totalSupply : s.balances[edge.tokenInIndex]!) * r.f))
          const exact = Number(curveAdapter.quote(s, { edge, amountIn: BigInt(amountIn) }))
          const model = curveAdapter.getFloatModel(s, edge)
          if (model.kind !== 'custom') throw new Error('expected a custom model')
          const float = model.quote(amountIn)
          expect(Number.isFinite(float) && float >= 0).toBe(true)
          expect(exact).toBeLessThanOrEqual(float * (1 + 1e-9))
          expect(model.quote(amountIn * 1.01)).toBeGreaterThanOrEqual(float)
        },
      ),
      { numRuns: 2_000 },
    )
  })

  test('swap returns the state after; once tweak_price weighs a price_scale move the pool is spent for the rest of the route', () => {
    const s = pool({ usd: 60_000_000n, price: 3_000n * E18, decimals: [18, 18] })
    const [toWeth, toCrvUsd] = curveAdapter.getEdges(s) as [never, never]
    // A small trade leaves the profit below the move threshold: the state after is timestamp-free, and the
    // next trade through the pool is quoted on it, exactly as the pool will run it in the same block.
    const small = 1_000n * E18
    const first = curveAdapter.swap(s, { edge: toWeth, amountIn: small }) as { amountOut: bigint; snapshot: CurveTwocryptoSnapshot }
    expect(first.amountOut).toBe(exchange(s, { i: 0, j: 1, dx: small, timestamp: s.timestamp }).dy)
    expect(first.snapshot.spent).toBeUndefined()
    expect(first.snapshot.priceScale).toBe(s.priceScale)
    const later = exchange(s, { i: 0, j: 1, dx: small, timestamp: s.timestamp + 600n }).state
    expect({ balances: later.balances, D: later.D, priceScale: later.priceScale }).toEqual({ balances: first.snapshot.balances, D: first.snapshot.D, priceScale: first.snapshot.priceScale })
    expect(curveAdapter.quote(first.snapshot, { edge: toCrvUsd, amountIn: E18 })).toBeGreaterThan(0n)
    // A large trade earns enough fees for tweak_price to weigh a move (it reads the oracle): spent.
    const dx = 1_000_000n * E18
    const { amountOut, snapshot } = curveAdapter.swap(s, { edge: toWeth, amountIn: dx }) as { amountOut: bigint; snapshot: CurveTwocryptoSnapshot }
    expect(amountOut).toBe(curveAdapter.quote(s, { edge: toWeth, amountIn: dx }))
    expect(snapshot.balances).toEqual([s.balances[0]! + dx, s.balances[1]! - amountOut])
    expect(snapshot.spent).toBe(true)
    expect(curveAdapter.quote(snapshot, { edge: toCrvUsd, amountIn: 10n ** 18n })).toBe(0n)
    expect(curveAdapter.swap(snapshot, { edge: toWeth, amountIn: dx }).amountOut).toBe(0n)
    const model = curveAdapter.getFloatModel(snapshot, toCrvUsd)
    expect(model.kind === 'custom' && model.quote(1e18)).toBe(0)
    // The input snapshot is not mutated, and an impossible trade leaves it as is.
    expect(curveAdapter.quote(s, { edge: toWeth, amountIn: dx })).toBe(amountOut)
    expect(curveAdapter.swap(s, { edge: toWeth, amountIn: 0n })).toEqual({ amountOut: 0n, snapshot: s })
  })

  test('a pool ramping A or gamma is not quoted (the model does not carry the ramp)', () => {
    const s = { ...pool({ usd: 1_000_000n, price: 3_000n * E18, decimals: [18, 18] }), futureAGammaTime: 5_000n }
    expect(curveAdapter.quote(s, { edge: curveAdapter.getEdges(s)[0]!, amountIn: E18 })).toBe(0n)
  })

  test('step data names the twocrypto exchange and its uint256 coin indices', () => {
    const s = pool({ usd: 1_000_000n, price: 3_000n * E18, decimals: [18, 18] })
    expect(curveAdapter.getStepData(s, curveAdapter.getEdges(s)[1]!)).toEqual({ kind: 'swap', variant: 'twocrypto', i: 1, j: 0, nCoins: 2 })
  })
})
