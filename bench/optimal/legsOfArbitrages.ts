import type { PoolTrade } from './evaluateDual.js'
import type { OptimalProblem } from './types.js'

/** One pool trade a routing asks for: `weight` is the (float) amount of `from` it would pay in. */
export type Leg = { pool: number; from: number; to: number; weight: number }

/** Parameters of {@link legsOfArbitrages}. */
export type LegsOfArbitragesParameters = {
  /** The pools' subproblem maximizers (as `evaluateDual` returns them). */
  trades: readonly PoolTrade[]
  /** The prices they were computed at (to split a multi-token trade by value). */
  prices: Float64Array
}

/**
 * Turns the pools' subproblem maximizers into pairwise legs: a two-token trade is one leg; a weighted pool that
 * takes several tokens and gives several splits each input across the outputs by the value each output
 * carries. Trades that are not finite (a token priced 0) are skipped.
 *
 * @returns the legs, in pool order
 */
export function legsOfArbitrages(problem: OptimalProblem, { trades, prices }: LegsOfArbitragesParameters): Leg[] {
  const legs: Leg[] = []
  for (const result of trades) {
    const pool = result.pool
    if (!(result.value > 0)) continue
    const tokens = problem.pools[pool]!.tokens
    let outValue = 0
    for (let k = 0; k < tokens.length; k++) outValue += prices[tokens[k]!]! * result.lambda[k]!
    if (!(outValue > 0) || !Number.isFinite(outValue)) continue
    for (let i = 0; i < tokens.length; i++) {
      const paid = result.delta[i]!
      if (!(paid > 0) || !Number.isFinite(paid)) continue
      for (let j = 0; j < tokens.length; j++) {
        const share = (prices[tokens[j]!]! * result.lambda[j]!) / outValue
        if (share > 0) legs.push({ pool, from: tokens[i]!, to: tokens[j]!, weight: paid * share })
      }
    }
  }
  return legs
}
