import { describe, expect, test } from 'vitest'
import { ln } from '../balancer-v2/logExpMath.js'
import { maxPtOutForSy, swapSyForExactPt, type PendleMarketState } from './marketMath.js'

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
})
