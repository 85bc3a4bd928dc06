import { evaluateDual } from './evaluateDual.js'
import type { OptimalProblem } from './types.js'

/** Parameters of {@link relaxPrice}. */
export type RelaxPriceParameters = {
  /** ν; only `prices[token]` is read for the start and is not written. */
  prices: Float64Array
  token: number
  /** As in `evaluateDual`. */
  tokenIn: number
  amountIn: number
}

/**
 * Exact minimization of the dual along one token's price (the others fixed): ∂g/∂ν_j = amountIn·[j = in] +
 * Σ_{p ∋ j} (received − paid) of j is non-decreasing in ν_j (g is convex), so its root is bracketed by doubling
 * steps in log ν_j from the current price and found by bisection (60 halvings). Only the pools of `token` are
 * evaluated.
 *
 * It rescues L-BFGS on log-prices where a price has fallen towards 0: there ∂g/∂u_j = ν_j ∂g/∂ν_j vanishes even
 * though ∂g/∂ν_j is far from 0 (a whale that drains every pool of tokenIn overshoots ν_in to ~0, its pools then
 * take "infinite" input, and the minimizer sees a flat objective).
 *
 * @returns the price of `token` that minimizes the dual given the other prices
 */
export function relaxPrice(problem: OptimalProblem, { prices, token, tokenIn, amountIn }: RelaxPriceParameters): number {
  const trial = Float64Array.from(prices)
  const pools = problem.poolsOfToken[token]!
  const slope = (logPrice: number): number => {
    trial[token] = Math.exp(logPrice)
    return evaluateDual(problem, { prices: trial, tokenIn, amountIn, pools }).gradient[token]!
  }
  const start = Math.log(prices[token]!)
  if (!Number.isFinite(start)) return prices[token]!
  const s0 = slope(start)
  if (s0 === 0 || !Number.isFinite(s0)) return prices[token]!
  // Bracket: move against the slope's sign with doubling steps (up to e^±1000, far past any price).
  let [lo, hi] = [start, start]
  let step = 1
  if (s0 < 0) {
    while (slope(hi) < 0 && step < 1024) {
      lo = hi
      hi += step
      step *= 2
    }
  } else {
    while (slope(lo) > 0 && step < 1024) {
      hi = lo
      lo -= step
      step *= 2
    }
  }
  for (let i = 0; i < 60 && hi - lo > 1e-13; i++) {
    const mid = (lo + hi) / 2
    if (slope(mid) < 0) lo = mid
    else hi = mid
  }
  return Math.exp((lo + hi) / 2)
}
