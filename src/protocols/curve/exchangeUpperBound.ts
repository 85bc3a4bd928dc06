import { poolInvariant } from './poolInvariant.js'
import { CurveMathRevert, FEE_DENOMINATOR, PRECISION, ampAt, iterateY, xpOf } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/**
 * An upper bound on what `exchange(i, j, dx')` pays for every `dx' <= dx`, exact in bigint, and what this
 * math says `exchange(i, j, dx)` itself pays (`atDx`, for the caller to check against the pool's quote);
 * undefined where the pool reverts at `dx` or its `get_y` does not converge.
 *
 * Why it holds: `get_D` does not depend on the input, and `x = xp[i] + dx * rate / 1e18` grows with it, so
 * the quadratic `get_y` solves has `b = S + D / Ann` growing and `c` (floored products of `D / (x * N)`)
 * shrinking: its real root y* never grows with the input. The Newton iteration's floored steps land at or
 * above floor(y*), each one at least halving the distance from above, and it stops once two iterates are
 * within 1, so the y it returns is in (y* - 1, y* + 1]. Hence y(dx') >= y(dx) - 1, and the pre-fee output
 * `t = xp[j] - y - 1` at any smaller input is at most `t(dx) + 1`. What the pool pays is non-decreasing in t
 * (`t - floor(t * fee / 1e10)`, then `floor(· * 1e18 / rate[j])`), so paying it at `t(dx) + 1` bounds them
 * all. On a coin with fewer decimals than 18 that is almost always the output at `dx` itself, which is what
 * lets the search tell apart walks that tie into a nearly drained pool.
 */
export function exchangeUpperBound(s: CurveStableSwapSnapshot, p: { i: number; j: number; dx: bigint }): { bound: bigint; atDx: bigint } | undefined {
  const n = s.balances.length
  if (p.i === p.j || p.i < 0 || p.j < 0 || p.i >= n || p.j >= n || p.dx < 0n) return undefined
  try {
    const xp = xpOf(s.balances, s.rates)
    const D = poolInvariant(s)
    const xs = [...xp]
    xs[p.i] = xp[p.i]! + (p.dx * s.rates[p.i]!) / PRECISION
    const { y, converged } = iterateY({ D, amp: ampAt(s.ramp, s.timestamp), j: p.j, xs, variant: s.variant })
    if (!converged) return undefined
    // t(dx) + 1, where t = xp[j] - y - 1 is what exchange takes its fee from.
    const paid = (t: bigint) => (t <= 0n ? 0n : ((t - (t * s.fee) / FEE_DENOMINATOR) * PRECISION) / s.rates[p.j]!)
    return { bound: paid(xp[p.j]! - y), atDx: paid(xp[p.j]! - y - 1n) }
  } catch (error) {
    if (error instanceof CurveMathRevert) return undefined
    throw error
  }
}
