import { describe, expect, test } from 'vitest'
import { NoRouteError } from '../src/errors/engine.js'
import { protocolAdapters } from '../src/protocols/registry.js'
import { buildGraph } from '../src/engine/graph/buildGraph.js'
import { PoolStates } from '../src/engine/graph/poolStates.js'
import { bruteForceBestPath } from '../src/engine/search/bruteForceBestPath.js'
import { createSearchMask } from '../src/engine/search/createSearchMask.js'
import { findBestPath } from '../src/engine/search/findBestPath.js'
import { createSearchContext } from '../src/engine/search/searchContext.js'
import { findRoute } from '../src/engine/tasks/findRoute.js'
import { generateGraph, generateQueries } from './generateGraph.js'
import { generateHostileGraph, generateHostileQueries } from './generateHostileGraph.js'
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

// The hostile shapes at a small scale: dust-pool sinks, 0–2 decimal tokens, islands, outputs of 0–100 units.
describe('route search on a small hostile graph', () => {
  const shape = { tokens: 300, pools: 1_500, hubs: 6, sinks: 4, dustPoolsPerSink: 120, islands: 3, islandSize: 8 }
  const generated = generateHostileGraph({ seed: 7, shape })
  const queries = generateHostileQueries({ ...generated, count: 150, seed: 8 })
  const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, toEngineSnapshot(generated.graph)))
  const { tokens, pools } = generated.graph

  test('has the hostile shapes and is deterministic', () => {
    expect(tokens).toHaveLength(300)
    expect(pools).toHaveLength(1_500)
    expect(generateHostileGraph({ seed: 7, shape }).graph.pools[900]).toEqual(pools[900])
    expect(generated.roles.lowDecimals.length).toBeGreaterThan(30)
    expect(generated.roles.lowDecimals.every((t) => tokens[t]!.decimals <= 2)).toBe(true)
    const poolsOf = (t: number) => pools.filter((p) => p.token0 === tokens[t]!.address || p.token1 === tokens[t]!.address)
    for (const sink of generated.roles.sinks) expect(poolsOf(sink).length).toBeGreaterThanOrEqual(120)
    const prices = generated.pricesUsd.slice(shape.hubs)
    expect(Math.min(...prices)).toBeLessThan(1e-5)
    expect(Math.max(...prices)).toBeGreaterThan(1e3)
    // Islands: no pool leaves an island.
    for (const island of generated.roles.islands) {
      const inside = new Set(island.map((t) => tokens[t]!.address))
      for (const t of island) for (const p of poolsOf(t)) expect(inside.has(p.token0) && inside.has(p.token1)).toBe(true)
    }
  })

  test('single path equals brute force on every hostile query; no route across islands; splits never below', () => {
    let noRoute = 0
    let smallOutputs = 0
    let maxDpRuns = 0
    const mask = createSearchMask(context.graph, {})
    const states = new PoolStates(context.graph)
    queries.forEach((q, i) => {
      const source = context.graph.tokenIndex.get(q.tokenIn)!
      const target = context.graph.tokenIndex.get(q.tokenOut)!
      const exact = bruteForceBestPath(context.graph, { source, target, amountIn: BigInt(q.amountIn), maxHops: 3 }).amountOut
      const route = (maxSplits: number): bigint => {
        try {
          return findRoute(context, { tokensIn: [{ token: q.tokenIn, amount: BigInt(q.amountIn) }], tokensOut: [{ token: q.tokenOut }], maxHops: 3, maxSplits }).amountsOut[0]!.amount
        } catch (error) {
          if (error instanceof NoRouteError) return 0n
          throw error
        }
      }
      const single = route(1)
      expect(single, `query ${i}`).toBe(exact)
      expect(route(4) >= single, `query ${i}`).toBe(true)
      // The work is bounded by proof: a handful of layered-DP runs, where unpruned near-ties take hundreds.
      const runs = findBestPath(context, { source, target, amountIn: BigInt(q.amountIn), maxHops: 3, mask, gasPriceWad: 0n, states }).dpRuns
      maxDpRuns = Math.max(maxDpRuns, runs)
      if (exact === 0n) noRoute++
      else if (exact <= 100n) smallOutputs++
    })
    // The mix really has the hard cases: no-route and 1–100 unit outputs.
    expect(noRoute).toBeGreaterThan(20)
    expect(smallOutputs).toBeGreaterThan(10)
    expect(maxDpRuns).toBeLessThanOrEqual(8)
  })
})

// The mainnet-scale graph of `npm run bench` (issue 20): its shape, and the hub-heavy query mix.
describe('the xlarge synthetic graph', () => {
  test('50,000 tokens, 250,000 pools, deterministic, one hub with ~21,000 pools; --hub-share puts hubs at an end', () => {
    const generated = generateGraph({ size: 'xlarge', seed: 1 })
    const { tokens, pools } = generated.graph
    expect(tokens).toHaveLength(50_000)
    expect(pools).toHaveLength(250_000)
    expect(new Set(pools.map((p) => (p.token0 < p.token1 ? `${p.token0}:${p.token1}` : `${p.token1}:${p.token0}`))).size).toBe(250_000)
    const degree = new Map<string, number>()
    for (const p of pools) for (const t of [p.token0, p.token1]) degree.set(t, (degree.get(t) ?? 0) + 1)
    expect(Math.max(...degree.values())).toBeGreaterThan(15_000)
    expect(degree.size).toBe(50_000)
    expect(generateGraph({ size: 'xlarge', seed: 1 }).graph.pools[123_456]).toEqual(pools[123_456])
    const hubs = new Set(tokens.slice(0, 8).map((t) => t.address))
    const mixed = generateQueries({ ...generated, count: 1000, seed: 2, hubShare: 0.5 })
    const atHub = mixed.filter((q) => hubs.has(q.tokenIn) || hubs.has(q.tokenOut)).length
    expect(atHub).toBeGreaterThan(400)
    expect(atHub).toBeLessThan(600)
    // The default mix is unchanged by the option.
    expect(generateQueries({ ...generated, count: 50, seed: 2 })).toEqual(generateQueries({ ...generated, count: 50, seed: 2, hubShare: 0 }))
  }, 60_000)
})
