import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ln } from '../balancer-v2/logExpMath.js'
import { maxPtOutForSy, PendleMathRevert, swapSyForExactPt, type PendleMarketState } from './marketMath.js'

// maxPtOutForSy on states where the market cannot sell half the SY's asset value in PT (the purchase would
// push its exchange rate below one): its answer must still be a purchase the market makes, the largest one.
// The market math itself is proven against the deployed market in market.test.ts.

const E18 = 10n ** 18n
const YEAR = 365n * 86_400n
const NOW = 1_700_000_000n

/** A market of `pt` PT and `sy` SY (index 1), a year from expiry at 8 % implied APY, scalar root 15, fee 0.1 %. */
function market(p: { pt: bigint; sy: bigint; expiresIn?: bigint }): PendleMarketState {
  return {
    totalPt: p.pt, totalSy: p.sy, totalLp: p.pt, scalarRoot: 15n * E18, expiry: NOW + (p.expiresIn ?? YEAR),
    lnFeeRateRoot: ln(E18 + E18 / 1000n), reserveFeePercent: 80n, lastLnImpliedRate: ln((108n * E18) / 100n),
  }
}

describe('maxPtOutForSy', () => {
  test('where half the SY\'s asset value in PT would push the rate below one, it buys the most PT the market sells, not that half', () => {
    const state = market({ pt: 1_000_000_000n, sy: 1_000_000_000n })
    const syIn = 1_500_000_000n
    // The purchase the search used to start from reverts: the market cannot sell that much PT.
    expect(() => swapSyForExactPt(state, E18, syIn / 2n, NOW + 1n)).toThrow('MarketExchangeRateBelowOne')
    const r = maxPtOutForSy(state, E18, syIn, NOW + 1n)
    expect(r).toBeDefined()
    expect(r!.state).toBeDefined()
    expect(r!.ptOut).toBeLessThan(syIn / 2n)
    const bought = swapSyForExactPt(state, E18, r!.ptOut, NOW + 1n)
    expect(bought.netSyIn).toBe(r!.netSyIn)
    expect(bought.netSyIn).toBeLessThanOrEqual(syIn)
    expect(r!.state).toEqual(bought.state)
    // One more PT wei is not for sale (or not affordable).
    expect(() => {
      const next = swapSyForExactPt(state, E18, r!.ptOut + 1n, NOW + 1n)
      if (next.netSyIn > syIn) throw new Error('not affordable')
    }).toThrow()
  })

  test('an ordinary purchase is unchanged: the largest affordable PT amount', () => {
    const state = market({ pt: 1_000_000_000n, sy: 1_000_000_000n })
    const syIn = 10_000_000n
    const r = maxPtOutForSy(state, E18, syIn, NOW + 1n)!
    expect(swapSyForExactPt(state, E18, r.ptOut, NOW + 1n).netSyIn).toBeLessThanOrEqual(syIn)
    expect(swapSyForExactPt(state, E18, r.ptOut + 1n, NOW + 1n).netSyIn).toBeGreaterThan(syIn)
    // At 8 % a year from expiry a PT costs about 1 / 1.08 of an asset.
    expect(Number(r.ptOut) / Number(syIn)).toBeGreaterThan(1.07)
    expect(Number(r.ptOut) / Number(syIn)).toBeLessThan(1.08)
  })

  test('equals a plain bisection over every amount the market holds, on random markets and inputs (its probes interpolate the cost)', () => {
    const affordable = (state: PendleMarketState, index: bigint, syIn: bigint, pt: bigint) => {
      try {
        return swapSyForExactPt(state, index, pt, NOW + 1n).netSyIn <= syIn
      } catch (error) {
        if (error instanceof PendleMathRevert) return false
        throw error
      }
    }
    fc.assert(
      fc.property(
        fc.record({
          pt: fc.bigInt(1_000n, 10n ** 26n), syShare: fc.double({ min: 0.05, max: 3, noNaN: true }), index: fc.bigInt(E18, (13n * E18) / 10n),
          apyBps: fc.integer({ min: 100, max: 5_000 }), expiresIn: fc.bigInt(60n, 2n * YEAR), scalar: fc.integer({ min: 2, max: 60 }), input: fc.double({ min: 1e-9, max: 3, noNaN: true }),
        }),
        (r) => {
          const sy = BigInt(Math.max(1, Math.floor(Number(r.pt) * r.syShare)))
          const state: PendleMarketState = { ...market({ pt: r.pt, sy, expiresIn: r.expiresIn }), scalarRoot: BigInt(r.scalar) * E18, lastLnImpliedRate: ln(E18 + BigInt(r.apyBps) * 10n ** 14n) }
          const syIn = BigInt(Math.max(1, Math.floor(Number(sy) * r.input)))
          let lo = 0n
          let hi = state.totalPt - 1n
          while (lo < hi) {
            const mid = (lo + hi + 1n) / 2n
            if (affordable(state, r.index, syIn, mid)) lo = mid
            else hi = mid - 1n
          }
          const ours = maxPtOutForSy(state, r.index, syIn, NOW + 1n)
          expect(ours?.ptOut ?? 0n).toBe(lo)
          if (ours) expect(ours.state).toEqual(swapSyForExactPt(state, r.index, ours.ptOut, NOW + 1n).state)
        },
      ),
      { numRuns: 300 },
    )
  })
})
