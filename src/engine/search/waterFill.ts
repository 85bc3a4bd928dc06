import type { TokenGraph } from '../graph/types.js'
import { quoteEdgeFloat } from './runLayeredDp.js'
import type { Leg } from './evaluateLegs.js'

function quotePathFloat(graph: TokenGraph, edges: readonly number[], amount: number): number {
  for (const e of edges) amount = quoteEdgeFloat(graph, e, amount)
  return amount
}

/**
 * Water-filling split over pool-disjoint paths: hands out the input in `steps` equal increments, each
 * to the path whose float output grows most, which equalises marginal rates. The baseline the split
 * search must match or beat.
 */
export function waterFill(graph: TokenGraph, { paths, amountIn, steps = 100 }: { paths: readonly (readonly number[])[]; amountIn: bigint; steps?: number }): Leg[] {
  if (paths.length === 0) return []
  const total = Number(amountIn)
  const increment = total / steps
  const allocated = new Array<number>(paths.length).fill(0)
  const output = new Array<number>(paths.length).fill(0)
  for (let s = 0; s < steps; s++) {
    let bestGain = -Infinity
    let bestPath = 0
    let bestOut = 0
    for (let i = 0; i < paths.length; i++) {
      const out = quotePathFloat(graph, paths[i]!, allocated[i]! + increment)
      const gain = out - output[i]!
      if (gain > bestGain) {
        bestGain = gain
        bestPath = i
        bestOut = out
      }
    }
    allocated[bestPath]! += increment
    output[bestPath] = bestOut
  }
  // To integers: floor each share, the remainder goes to the largest leg.
  const legs: Leg[] = paths.map((edges, i) => ({ edges, amountIn: BigInt(Math.floor((allocated[i]! / total) * 1e12)) * amountIn / 10n ** 12n }))
  let assigned = 0n
  for (const leg of legs) assigned += leg.amountIn
  let largest = 0
  for (let i = 1; i < legs.length; i++) if (legs[i]!.amountIn > legs[largest]!.amountIn) largest = i
  legs[largest] = { ...legs[largest]!, amountIn: legs[largest]!.amountIn + amountIn - assigned }
  return legs.filter((leg) => leg.amountIn > 0n)
}
