import { expect } from 'vitest'
import { NoRouteError } from '../../src/errors/engine.js'
import { buildGraph } from '../../src/engine/graph/buildGraph.js'
import { bruteForceBestPath } from '../../src/engine/search/bruteForceBestPath.js'
import { createSearchContext } from '../../src/engine/search/searchContext.js'
import { findRoute } from '../../src/engine/tasks/findRoute.js'
import { protocolAdapters } from '../../src/protocols/registry.js'
import type { GeneratedGraph } from '../generateGraph.js'
import { poolFamilyOf } from '../poolFamilyOf.js'
import { toEngineSnapshot } from '../toEngineSnapshot.js'
import type { BenchQuery } from '../types.js'

/**
 * Checks single path == the exact reference (which quotes every pool with its adapter's bigint math: Curve's
 * generations, Aerodrome, Pendle) and split ≥ single; returns how many exact best paths cross a pool of `family`:
 * an adapter's slug (`curve` is every Curve pool) or a Curve pool type (`curve-meta`, `curve-ng`, `curve-twocrypto`;
 * see {@link poolFamilyOf}).
 */
export function checkAgainstReference(generated: GeneratedGraph, queries: readonly BenchQuery[], family = 'curve'): number {
  const snapshot = toEngineSnapshot(generated.graph)
  const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
  const crosses = (e: number) => {
    const pool = context.graph.pools[context.graph.edgePool[e]!]!
    return pool.adapter.slug === family || poolFamilyOf(pool.snapshot) === family
  }
  let through = 0
  queries.forEach((q, i) => {
    const route = (maxSplits: number): bigint => {
      try {
        return findRoute(context, { tokensIn: [{ token: q.tokenIn, amount: BigInt(q.amountIn) }], tokensOut: [{ token: q.tokenOut }], maxHops: 3, maxSplits }).amountsOut[0]!.amount
      } catch (error) {
        if (error instanceof NoRouteError) return 0n
        throw error
      }
    }
    const source = context.graph.tokenIndex.get(q.tokenIn)!
    const target = context.graph.tokenIndex.get(q.tokenOut)!
    const exact = bruteForceBestPath(context.graph, { source, target, amountIn: BigInt(q.amountIn), maxHops: 3 })
    if (exact.amountOut > 0n && exact.edges.some(crosses)) through++
    const single = route(1)
    expect(single, `query ${i}`).toBe(exact.amountOut)
    expect(route(4) >= single, `query ${i}`).toBe(true)
  })
  return through
}
