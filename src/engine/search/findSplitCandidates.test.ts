import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { createSearchMask } from './createSearchMask.js'
import { findBestPath } from './findBestPath.js'
import { findSplitCandidates } from './findSplitCandidates.js'
import { createSearchContext, getPoolMarks } from './searchContext.js'

describe('findSplitCandidates', () => {
  const graph = buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed: 11, tokens: 10, v2Pools: 60, v3Pools: 4, minExp: 6, maxExp: 9 }))
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)

  test('at most 1 + 2 + (maxSplits − 1) + maxHops distinct candidates; the two pool-mark arrays are reused and left all zero', () => {
    const marks = [getPoolMarks(context, 0), getPoolMarks(context, 1)]
    let queries = 0
    for (let source = 0; source < 5; source++) {
      for (let target = 5; target < 10; target++) {
        for (const banned of [false, true]) {
          const mask = createSearchMask(graph, {})
          if (banned) mask.poolBanned = Uint8Array.from(graph.pools, (_, i) => (i % 4 === 0 ? 1 : 0))
          for (const [maxHops, maxSplits] of [[2, 2], [3, 4], [3, 8]] as const) {
            const amountIn = 10n ** 8n
            const single = findBestPath(context, { source, target, amountIn, maxHops, mask, gasPriceWad: 0n, states }).best
            if (single === undefined) continue
            queries++
            const { candidates, disjoint } = findSplitCandidates(context, { source, target, amountIn, maxHops, maxSplits, mask, gasPriceWad: 0n, states, single: single.edges, chunks: 20 })
            expect(candidates.length).toBeLessThanOrEqual(1 + 2 + (maxSplits - 1) + maxHops)
            expect(new Set(candidates.map((c) => c.join(','))).size).toBe(candidates.length)
            expect(disjoint.length).toBeLessThanOrEqual(maxSplits)
            // The disjoint chain shares no pool, and no candidate uses a banned pool.
            const pools = disjoint.flatMap((edges) => edges.map((e) => graph.edgePool[e]!))
            expect(new Set(pools).size).toBe(pools.length)
            for (const edges of candidates) for (const e of edges) expect(mask.poolBanned?.[graph.edgePool[e]!] ?? 0).toBe(0)
            expect(getPoolMarks(context, 0)).toBe(marks[0])
            expect(getPoolMarks(context, 1)).toBe(marks[1])
            for (const m of marks) expect(m.every((x) => x === 0)).toBe(true)
          }
        }
      }
    }
    expect(queries).toBeGreaterThan(20)
  })
})
