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
  /** `amountOut` minus the gas cost (equal to `amountOut` when gas is off). */
  score: bigint
  /** States the legs leave behind (not yet committed to `states`). */
  moved: Map<number, PoolSnapshotBase>
}

/**
 * Quotes legs in order against `states`, each leg seeing the pools the earlier legs moved, which is
 * how the encoder executes them. Legs with a zero amount are skipped.
 */
export function evaluateLegs(states: PoolStates, { legs, gasPriceWad }: { legs: readonly Leg[]; gasPriceWad: bigint }): EvaluatedLegs {
  const moved = new Map<number, PoolSnapshotBase>()
  const quotes: PathQuote[] = []
  let amountOut = 0n
  let gas = 0n
  for (const leg of legs) {
    if (leg.amountIn === 0n) continue
    const quote = quotePath(states, { edges: leg.edges, amountIn: leg.amountIn, moved })
    quotes.push(quote)
    amountOut += quote.amountOut
    gas += quote.gas
  }
  return { legs: quotes, amountOut, gas, score: amountOut - gasCost(gas, gasPriceWad), moved }
}
