/** Test support: checks that a greedy findSplitRoute result is a local optimum at its finest step. */
import { expect } from 'vitest'
import type { FindSplitRouteReturnType } from '../search/findSplitRoute.js'
import type { SequentialLegs } from './splitRouteFixture.js'

/**
 * The local search stops where no move of amountIn/120 (its finest step, at the default 20 chunks)
 * from one leg to another raises the output.
 * @param sequential - the exact output of legs executed in order (the fixture's reserve book)
 */
export function checkSplitLocalOptimum(result: FindSplitRouteReturnType, amountIn: bigint, sequential: (legs: SequentialLegs) => bigint): void {
  const legs = result.best.legs.map((l) => ({ edges: l.edges, amountIn: l.amounts[0]! }))
  const step = amountIn / 120n
  for (let i = 0; i < legs.length; i++)
    for (let j = 0; j < legs.length; j++) {
      if (i === j) continue
      const delta = legs[i]!.amountIn < step ? legs[i]!.amountIn : step
      const moved = legs.map((leg, k) => ({ ...leg, amountIn: leg.amountIn + (k === i ? -delta : k === j ? delta : 0n) }))
      expect(sequential(moved), `move ${delta} from leg ${i} to leg ${j}`).toBeLessThanOrEqual(result.best.amountOut)
    }
}
