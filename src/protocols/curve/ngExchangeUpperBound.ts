import { getDNg, solveYNg } from './ngMath.js'
import { dynamicFee } from './ngQuote.js'
import { CurveMathRevert, FEE_DENOMINATOR, PRECISION, ampAt, xpOf } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/**
 * An upper bound on what a stableswap-ng `exchange(i, j, dx')` pays for every `dx' <= dx`, exact in bigint,
 * and what the pool's math pays at `dx` itself (`atDx`, for the caller to check against the edge's quote);
 * undefined where the pool reverts at `dx`.
 *
 * Why it holds: as in {@link exchangeUpperBound}, `get_D` does not depend on the input and the y that `get_y`
 * returns at a smaller input is at least `y(dx) - 1`, so the pre-fee output `t = xp[j] - y - 1` is at most
 * `t(dx) + 1`. The fee is dynamic: `_dynamic_fee((xp[i] + x) / 2, (xp[j] + y) / 2)` falls as its two
 * arguments approach each other (it is `fee` when they are equal and the off-peg multiplier is above one).
 * For every smaller input the first lies in `[xp[i], (xp[i] + x(dx)) / 2]` and the second in
 * `[(xp[j] + y(dx) - 1) / 2, xp[j]]`, so the fee is at least its value at the corner of that box whose ratio
 * is closest to one (`fee` where the two ranges meet; the floored ratio in `_dynamic_fee` is largest there
 * too). What the pool pays grows with t and falls with the fee, so paying `t(dx) + 1` at that least fee
 * bounds them all. On a nearly drained pool that is the output at `dx` give or take a unit: what lets the
 * search tell apart walks that tie there.
 */
export function ngExchangeUpperBound(s: CurveStableSwapSnapshot, p: { i: number; j: number; dx: bigint }): { bound: bigint; atDx: bigint } | undefined {
  const n = s.balances.length
  if (p.i === p.j || p.i < 0 || p.j < 0 || p.i >= n || p.j >= n || p.dx <= 0n) return undefined
  try {
    const amp = ampAt(s.ramp, s.timestamp)
    const xp = xpOf(s.balances, s.rates)
    const D = getDNg(xp, amp)
    const xs = [...xp]
    const x = xp[p.i]! + (p.dx * s.rates[p.i]!) / PRECISION
    xs[p.i] = x
    const y = solveYNg({ D, amp, j: p.j, xs })
    const multiplier = s.offpegFeeMultiplier ?? 0n
    const feeAt = (a: bigint, b: bigint) => dynamicFee({ xpi: a, xpj: b, fee: s.fee, offpegFeeMultiplier: multiplier })
    const paid = (t: bigint, f: bigint) => (t <= 0n ? 0n : ((t - (t * f) / FEE_DENOMINATOR) * PRECISION) / s.rates[p.j]!)
    const tAt = xp[p.j]! - y - 1n
    const atDx = paid(tAt, feeAt((xp[p.i]! + x) / 2n, (xp[p.j]! + y) / 2n))
    // The box of the fee's arguments over every smaller input, and its corner nearest to equal.
    const aLo = xp[p.i]!
    const aHi = (xp[p.i]! + x) / 2n
    const bLo = y >= 1n ? (xp[p.j]! + y - 1n) / 2n : 0n
    const bHi = xp[p.j]!
    const least = aHi < bLo ? feeAt(aHi, bLo) : aLo > bHi ? feeAt(aLo, bHi) : s.fee
    return { bound: paid(tAt + 1n, least), atDx }
  } catch (error) {
    if (error instanceof CurveMathRevert) return undefined
    throw error
  }
}
