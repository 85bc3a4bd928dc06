import type { PoolTrade } from './evaluateDual.js'
import { type ExactTrade, executeLegs } from './executeLegs.js'
import { type Leg, legsOfArbitrages } from './legsOfArbitrages.js'
import type { OptimalProblem } from './types.js'

/** Parameters of {@link createRoutingCandidates}. */
export type CreateRoutingCandidatesParameters = { tokenIn: number; tokenOut: number; amountIn: bigint }

/** The best routing offered so far: its exact output and trades, and the legs and `minOut` that made it. */
export type BestRouting = { amountOut: bigint; trades: ExactTrade[]; legs: Leg[]; minOut: bigint }

/** Result of {@link createRoutingCandidates}. */
export type CreateRoutingCandidatesReturnType = {
  /** Executes `legs` exactly and keeps the routing if it beats the best. */
  offer: (legs: Leg[], minOut?: bigint) => void
  /** Offers the routing of the pools' maximizers at `prices`, whole and without its thin legs. */
  offerTrades: (trades: readonly PoolTrade[], prices: Float64Array) => void
  /** Coordinate search on the best routing's leg weights (small routings; until `deadline`, ms on performance.now). */
  polish: (deadline: number) => void
  best: () => BestRouting
}

/**
 * The achievable side of the reference: candidate routings, each made feasible and evaluated exactly by
 * {@link executeLegs}, the best one kept. The subproblem flows split a trade into many legs, and the smallest lose
 * more to integer rounding than they add (a leg giving 6 units loses up to 1/6), so `offerTrades` also offers the
 * legs without those under 1e-4, 1e-3 and 1e-2 of the trade's value and without those giving under 10³, 10⁴ and
 * 10⁵ units. `polish` multiplies one leg's weight by 2^±1, then 1.25^±1, then 1.1^±1 while the exact output grows
 * (400 tries at most): it recovers what the proportional split loses where consecutive pairwise swaps stand in for
 * one multi-token trade of a Balancer pool.
 *
 * @returns the candidate operations and the best routing so far
 */
export function createRoutingCandidates(problem: OptimalProblem, { tokenIn, tokenOut, amountIn }: CreateRoutingCandidatesParameters): CreateRoutingCandidatesReturnType {
  let best: BestRouting = { amountOut: 0n, trades: [], legs: [], minOut: 0n }
  const offer = (legs: Leg[], minOut = 0n): void => {
    if (legs.length === 0) return
    const run = executeLegs(problem, { legs, tokenIn, tokenOut, amountIn, minOut })
    if (run.amountOut > best.amountOut) best = { amountOut: run.amountOut, trades: run.trades, legs, minOut }
  }
  const offerTrades = (trades: readonly PoolTrade[], prices: Float64Array): void => {
    const legs = legsOfArbitrages(problem, { trades, prices })
    offer(legs)
    for (const [share, minOut] of [[1e-4, 1_000n], [1e-3, 10_000n], [1e-2, 100_000n]] as const) {
      const floor = share * Number(amountIn) * prices[tokenIn]!
      offer(legs.filter((l) => l.weight * prices[l.from]! >= floor), minOut)
    }
  }
  const polish = (deadline: number): void => {
    let tries = 0
    for (const factor of [2, 1.25, 1.1]) {
      for (let improved = true; improved && tries < 400 && performance.now() < deadline; tries += 2 * best.legs.length) {
        improved = false
        for (let k = 0; k < best.legs.length; k++)
          for (const f of [factor, 1 / factor]) {
            const before = best.amountOut
            offer(best.legs.map((l, i) => (i === k ? { ...l, weight: l.weight * f } : l)), best.minOut)
            if (best.amountOut > before) improved = true
          }
      }
    }
  }
  return { offer, offerTrades, polish, best: () => best }
}
