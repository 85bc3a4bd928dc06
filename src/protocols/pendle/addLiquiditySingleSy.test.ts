import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ln } from '../balancer-v2/logExpMath.js'
import { addLiquiditySingleSy } from './addLiquiditySingleSy.js'
import { addLiquidity, PendleMathRevert, swapSyForExactPt, type PendleMarketState } from './marketMath.js'

// The interpolating search of addLiquiditySingleSy against the plain halving over the market's whole PT it
// replaced (same predicate, same tie rule), on random markets and deposits of at least 1e12 wei of PT. On dust
// markets the predicate is not monotone over the whole range (the purchase is refused in places), so the two
// may settle on different plans; each is exact, which the second test checks of ours. The market math itself is proven
// against the deployed market in market.test.ts.

const E18 = 10n ** 18n
const YEAR = 365n * 86_400n
const NOW = 1_700_000_000n

/** The PT the plain halving settles on: the largest for which the mint uses all the PT bought, then that or one more. */
function byHalving(state: PendleMarketState, index: bigint, syIn: bigint): { pt: bigint; lpOut: bigint } | undefined {
  const plan = (pt: bigint) => {
    try {
      const swap = swapSyForExactPt(state, index, pt, NOW + 1n)
      if (swap.netSyIn >= syIn) return undefined
      return { pt, ...addLiquidity(swap.state, syIn - swap.netSyIn, pt, NOW + 1n) }
    } catch (error) {
      if (error instanceof PendleMathRevert) return undefined
      throw error
    }
  }
  let lo = 0n
  let hi = state.totalPt - 1n
  let best: ReturnType<typeof plan>
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n
    const p = plan(mid)
    if (p !== undefined && p.ptUsed === mid) {
      lo = mid
      best = p
    } else hi = mid - 1n
  }
  const next = plan(lo + 1n)
  if (!next) return undefined
  if (!best || next.lpOut > best.lpOut) best = next
  return best.lpOut > 0n ? { pt: best.pt, lpOut: best.lpOut } : undefined
}

describe('addLiquiditySingleSy', () => {
  test('equals the plain halving over the market\'s whole PT, on random markets and deposits', () => {
    fc.assert(
      fc.property(
        fc.record({
          pt: fc.bigInt(10n ** 12n, 10n ** 26n), syShare: fc.double({ min: 0.05, max: 3, noNaN: true }), lpShare: fc.double({ min: 0.1, max: 3, noNaN: true }),
          index: fc.bigInt(E18, (13n * E18) / 10n), apyBps: fc.integer({ min: 100, max: 5_000 }), expiresIn: fc.bigInt(60n, 2n * YEAR),
          scalar: fc.integer({ min: 2, max: 60 }), input: fc.double({ min: 1e-9, max: 3, noNaN: true }),
        }),
        (r) => {
          const sy = BigInt(Math.max(1, Math.floor(Number(r.pt) * r.syShare)))
          const state: PendleMarketState = {
            totalPt: r.pt, totalSy: sy, totalLp: BigInt(Math.max(1, Math.floor(Number(r.pt) * r.lpShare))), scalarRoot: BigInt(r.scalar) * E18, expiry: NOW + r.expiresIn,
            lnFeeRateRoot: ln(E18 + E18 / 1000n), reserveFeePercent: 80n, lastLnImpliedRate: ln(E18 + BigInt(r.apyBps) * 10n ** 14n),
          }
          const syIn = BigInt(Math.max(2, Math.floor(Number(sy) * r.input)))
          const ours = addLiquiditySingleSy(state, { index: r.index, syIn, blockTime: NOW + 1n })
          const reference = byHalving(state, r.index, syIn)
          expect(ours === undefined ? undefined : { pt: ours.ptFromSwap, lpOut: ours.lpOut }).toEqual(reference)
        },
      ),
      { numRuns: 300, seed: Number(process.env.FC_SEED ?? 4242) },
    )
  })

  test('on dust markets too, what it plans is what the swap and the mint do', () => {
    fc.assert(
      fc.property(fc.bigInt(10n ** 3n, 10n ** 12n), fc.double({ min: 0.05, max: 3, noNaN: true }), fc.double({ min: 1e-6, max: 3, noNaN: true }), (pt, syShare, input) => {
        const sy = BigInt(Math.max(1, Math.floor(Number(pt) * syShare)))
        const state: PendleMarketState = {
          totalPt: pt, totalSy: sy, totalLp: pt, scalarRoot: 15n * E18, expiry: NOW + YEAR,
          lnFeeRateRoot: ln(E18 + E18 / 1000n), reserveFeePercent: 80n, lastLnImpliedRate: ln((108n * E18) / 100n),
        }
        const syIn = BigInt(Math.max(2, Math.floor(Number(sy) * input)))
        const ours = addLiquiditySingleSy(state, { index: E18, syIn, blockTime: NOW + 1n })
        if (ours === undefined) return
        const swap = swapSyForExactPt(state, E18, ours.ptFromSwap, NOW + 1n)
        expect(swap.netSyIn).toBe(ours.syForSwap)
        const minted = addLiquidity(swap.state, syIn - swap.netSyIn, ours.ptFromSwap, NOW + 1n)
        expect({ lpOut: minted.lpOut, syUsed: minted.syUsed, ptUsed: minted.ptUsed, state: minted.state }).toEqual({ lpOut: ours.lpOut, syUsed: ours.syUsed, ptUsed: ours.ptUsed, state: ours.state })
      }),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 4242) },
    )
  })
})
