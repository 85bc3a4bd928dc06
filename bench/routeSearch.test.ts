import { describe, expect, test } from 'vitest'
import { NoRouteError } from '../src/errors/engine.js'
import { protocolAdapters } from '../src/protocols/registry.js'
import { buildGraph } from '../src/engine/graph/buildGraph.js'
import { bruteForceBestPath } from '../src/engine/search/bruteForceBestPath.js'
import { createSearchContext } from '../src/engine/search/searchContext.js'
import { findRoute } from '../src/engine/tasks/findRoute.js'
import { generateGraph, generateQueries } from './generateGraph.js'
import { toEngineSnapshot } from './toEngineSnapshot.js'
import { createV2SdkPeer } from './v2SdkPeer.js'

// The correctness half of the benchmark targets, on the small synthetic graph (fixed seeds).
describe('route search on the small synthetic graph', () => {
  const generated = generateGraph({ size: 'small', seed: 1 })
  const queries = generateQueries({ ...generated, count: 200, seed: 2 })
  const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, toEngineSnapshot(generated.graph)))
  const peer = createV2SdkPeer(generated.graph)
  const route = (q: (typeof queries)[number], maxSplits: number): bigint => {
    try {
      return findRoute(context, { tokensIn: [{ token: q.tokenIn, amount: BigInt(q.amountIn) }], tokensOut: [{ token: q.tokenOut }], maxHops: 3, maxSplits }).amountsOut[0]!.amount
    } catch (error) {
      // Only "no path" counts as zero output; any other exception is a bug in the search.
      if (error instanceof NoRouteError) return 0n
      throw error
    }
  }

  test('generator is deterministic and has the requested size', () => {
    expect(generated.graph.tokens).toHaveLength(200)
    expect(generated.graph.pools).toHaveLength(1000)
    expect(generateGraph({ size: 'small', seed: 1 }).graph.pools[500]).toEqual(generated.graph.pools[500])
  })

  test('single path equals the exact best single path on 100% of 200 queries; splits never below; ≥ v2-sdk', () => {
    let equal = 0
    queries.forEach((q, i) => {
      const single = route(q, 1)
      const split = route(q, 4)
      const source = context.graph.tokenIndex.get(q.tokenIn)!
      const target = context.graph.tokenIndex.get(q.tokenOut)!
      const exact = bruteForceBestPath(context.graph, { source, target, amountIn: BigInt(q.amountIn), maxHops: 3 }).amountOut
      expect(single, `query ${i}`).toBe(exact)
      equal++
      expect(split >= single, `query ${i}`).toBe(true)
      expect(split >= peer.quote(q).amountOut, `query ${i}`).toBe(true)
    })
    expect(equal).toBe(200)
  })
})
