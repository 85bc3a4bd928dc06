import type { PoolStates } from '../graph/poolStates.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import { type PathQuote, gasCost, quotePath } from './quotePath.js'

/** A path and the amount it carries. */
export type Leg = { edges: readonly number[]; amountIn: bigint }

/** Exact quote of several legs executed one after the other. */
export type EvaluatedLegs = {
  legs: readonly PathQuote[]
  amountOut: bigint
  gas: bigint
  /**
   * `amountOut` minus the gas cost (equal to `amountOut` when gas is off); {@link INFEASIBLE_SCORE}
   * when a leg carries input and delivers nothing.
   */
  score: bigint
  /** States the legs leave behind (not yet committed to `states`). */
  moved: Map<number, PoolSnapshotBase>
}

/**
 * Score of legs one of which carries input and delivers 0: on chain that leg reverts (a capped hop:
 * Balancer's max-in ratio, a V3 range run dry, a V2 output of 0) or burns its input, so the split can
 * never be chosen. Below every real score, so any comparison rejects it.
 */
export const INFEASIBLE_SCORE = -(1n << 255n)

/**
 * Quotes legs in order against `states`, each leg seeing the pools the earlier legs moved, which is
 * how the encoder executes them. Legs with a zero amount are skipped; a leg with input and a zero
 * output makes the whole split infeasible ({@link INFEASIBLE_SCORE}).
 */
export function evaluateLegs(states: PoolStates, { legs, gasPriceWad }: { legs: readonly Leg[]; gasPriceWad: bigint }): EvaluatedLegs {
  const moved = new Map<number, PoolSnapshotBase>()
  const quotes: PathQuote[] = []
  let amountOut = 0n
  let gas = 0n
  let feasible = true
  for (const leg of legs) {
    if (leg.amountIn === 0n) continue
    const quote = quotePath(states, { edges: leg.edges, amountIn: leg.amountIn, moved })
    if (quote.amountOut === 0n) feasible = false
    quotes.push(quote)
    amountOut += quote.amountOut
    gas += quote.gas
  }
  return { legs: quotes, amountOut, gas, score: feasible ? amountOut - gasCost(gas, gasPriceWad) : INFEASIBLE_SCORE, moved }
}
