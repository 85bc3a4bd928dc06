/** Test support: the invariants every findSplitRoute result satisfies. */
import { expect } from 'vitest'
import type { EvaluatedLegs } from '../search/evaluateLegs.js'
import type { FindSplitRouteReturnType } from '../search/findSplitRoute.js'
import { gasCost } from '../search/quotePath.js'
import type { SequentialLegs } from './splitRouteFixture.js'

const sum = (legs: readonly { amounts: readonly bigint[] }[]) => legs.reduce((s, leg) => s + leg.amounts[0]!, 0n)

/**
 * Invariants every result satisfies: legs distinct, positive, at most `maxSplits`, summing exactly to
 * `amountIn`; `amountOut` equal to the exact sequential output; the score net of gas, never below the
 * single path or water-filling; `method` naming the result it returned.
 * @param sequential - the exact output of legs executed in order (the fixture's reserve book)
 */
export function checkSplitShape(result: FindSplitRouteReturnType, amountIn: bigint, maxSplits: number, sequential: (legs: SequentialLegs) => bigint, gasPriceWad = 0n): void {
  const { best } = result
  expect(sum(best.legs)).toBe(amountIn)
  expect(best.legs.length).toBeGreaterThanOrEqual(1)
  expect(best.legs.length).toBeLessThanOrEqual(maxSplits)
  for (const leg of best.legs) expect(leg.amounts[0]).toBeGreaterThan(0n)
  expect(new Set(best.legs.map((l) => l.edges.join(','))).size).toBe(best.legs.length)
  expect(best.amountOut).toBe(sequential(best.legs.map((l) => ({ edges: l.edges, amountIn: l.amounts[0]! }))))
  expect(best.score).toBe(best.amountOut - gasCost(best.gas, gasPriceWad))
  expect(best.score).toBeGreaterThanOrEqual(result.single.score)
  if (result.waterFill !== undefined) expect(best.score).toBeGreaterThanOrEqual(result.waterFill.score)
  const expectedBest: Record<FindSplitRouteReturnType['method'], EvaluatedLegs | undefined> = { single: result.single, waterFill: result.waterFill, greedy: best }
  expect(best).toBe(expectedBest[result.method])
  if (result.method === 'greedy') {
    expect(best.score).toBeGreaterThan(result.single.score)
    if (result.waterFill !== undefined) expect(best.score).toBeGreaterThanOrEqual(result.waterFill.score)
  }
  if (result.method === 'waterFill') expect(best.score).toBeGreaterThan(result.single.score)
}
