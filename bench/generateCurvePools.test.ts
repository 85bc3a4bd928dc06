import { describe, expect, test } from 'vitest'
import { NoRouteError } from '../src/errors/engine.js'
import { buildGraph } from '../src/engine/graph/buildGraph.js'
import { bruteForceBestPath } from '../src/engine/search/bruteForceBestPath.js'
import { createSearchContext } from '../src/engine/search/searchContext.js'
import { findRoute } from '../src/engine/tasks/findRoute.js'
import { protocolAdapters } from '../src/protocols/registry.js'
import { HOSTILE_CURVE_STATES } from './generateCurvePools.js'
import { type GeneratedGraph, generateGraph, generateQueries } from './generateGraph.js'
import { generateHostileGraph, generateHostileQueries } from './generateHostileGraph.js'
import { mixStableQueries } from './mixStableQueries.js'
import { toEngineSnapshot } from './toEngineSnapshot.js'
import type { BenchQuery } from './types.js'

/** Checks single path == the exact reference (which quotes Curve with the adapter's bigint math) and split ≥ single; returns how many exact best paths cross a Curve pool. */
function checkAgainstReference(generated: GeneratedGraph, queries: readonly BenchQuery[]): number {
  const snapshot = toEngineSnapshot(generated.graph)
  const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
  const isCurve = (e: number) => context.graph.pools[context.graph.edgePool[e]!]!.adapter.slug === 'curve'
  let throughCurve = 0
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
    if (exact.amountOut > 0n && exact.edges.some(isCurve)) throughCurve++
    const single = route(1)
    expect(single, `query ${i}`).toBe(exact.amountOut)
    expect(route(4) >= single, `query ${i}`).toBe(true)
  })
  return throughCurve
}

// `npm run bench` adds Curve StableSwap pools to its graphs (issue 21); these fail if they are dropped.
describe('Curve pools in the bench graphs', () => {
  test('the small graph has 20 Curve pools of 2 and 3 coins, balanced and imbalanced, deterministic; its V2 pairs are unchanged', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const curvePools = generated.graph.curvePools ?? []
    expect(curvePools).toHaveLength(20)
    expect(new Set(curvePools.map((p) => p.coins.length))).toEqual(new Set([2, 3]))
    expect(new Set(curvePools.map((p) => p.state))).toEqual(new Set(['balanced', 'imbalanced']))
    for (const p of curvePools) {
      expect(p.A).toBeGreaterThanOrEqual(50)
      expect(p.A).toBeLessThanOrEqual(5000)
      expect([1e6, 2e6, 3e6, 4e6]).toContain(Number(p.fee))
    }
    const decimals = new Set(curvePools.flatMap((p) => p.coins.map((c) => generated.graph.tokens.find((t) => t.address === c)!.decimals)))
    expect(decimals).toEqual(new Set([6, 18]))
    expect(generateGraph({ size: 'small', seed: 1, curve: true }).graph.curvePools).toEqual(curvePools)
    const pairs = (g: GeneratedGraph) => g.graph.pools.map((p) => `${p.token0}:${p.token1}`)
    expect(pairs(generated)).toEqual(pairs(generateGraph({ size: 'small', seed: 1 })))
    const snapshot = toEngineSnapshot(generated.graph)
    expect(snapshot.pools.filter((p) => p.protocol === 'curve')).toHaveLength(20)
  })

  test('single path equals the exact reference on the small graph with Curve, on stablecoin and ordinary queries; some cross Curve', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const queries = mixStableQueries({ ...generated, queries: generateQueries({ ...generated, count: 150, seed: 2 }), share: 0.2, seed: 2 })
    expect(checkAgainstReference(generated, queries)).toBeGreaterThanOrEqual(15)
  })

  test('the hostile graph has the hostile Curve states, and the engine stays exact through them', () => {
    const shape = { tokens: 300, pools: 1_500, hubs: 6, sinks: 4, dustPoolsPerSink: 120, islands: 3, islandSize: 8 }
    const generated = generateHostileGraph({ seed: 7, shape, curve: true })
    const curvePools = generated.graph.curvePools ?? []
    expect(curvePools).toHaveLength(30)
    for (const state of HOSTILE_CURVE_STATES) expect(curvePools.some((p) => p.state === state), state).toBe(true)
    expect(curvePools.filter((p) => p.state === 'a1').every((p) => p.A === 1)).toBe(true)
    expect(curvePools.filter((p) => p.state === 'near-empty').every((p) => p.balances.some((b) => BigInt(b) <= 1000n))).toBe(true)
    const queries = mixStableQueries({ ...generated, queries: generateHostileQueries({ ...generated, count: 150, seed: 8 }), share: 0.3, seed: 8 })
    expect(checkAgainstReference(generated, queries)).toBeGreaterThanOrEqual(25)
  })
})
