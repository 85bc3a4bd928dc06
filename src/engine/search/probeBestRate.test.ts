import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import type { TokenGraph } from '../graph/types.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import { createSearchMask } from './createSearchMask.js'
import { probeBestRate } from './probeBestRate.js'
import { RANDOM_READ_COST, quoteEdgeFloat } from './runLayeredDp.js'
import { type SearchMask, createSearchContext } from './searchContext.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261126)

/** Best float output over every walk of at most `maxHops` allowed edges, by plain enumeration. */
function bestWalk(graph: TokenGraph, { source, target, probe, maxHops, mask }: { source: number; target: number; probe: number; maxHops: number; mask: SearchMask }): number {
  let best = 0
  const visit = (token: number, amount: number, hops: number): void => {
    for (let e = graph.outStart[token]!; e < graph.outStart[token + 1]!; e++) {
      if (mask.adapterEnabled[graph.edgeAdapter[e]!] === 0 || mask.poolBanned?.[graph.edgePool[e]!] === 1) continue
      const v = quoteEdgeFloat(graph, e, amount)
      if (!(v > 0)) continue
      const head = graph.edgeHead[e]!
      if (head === target) best = Math.max(best, v)
      else if (hops + 1 < maxHops) visit(head, v, hops + 1)
    }
  }
  visit(source, probe, 0)
  return best
}

/** deg(source) + min(Σ outdeg(X), RANDOM_READ_COST × min(Σ indeg(Y), pairs)) + 3 × indeg(target): the documented bound at 3 hops. */
function visitBound(graph: TokenGraph, { source, target, mask }: { source: number; target: number; mask: SearchMask }): number {
  const outdeg = (t: number) => graph.outStart[t + 1]! - graph.outStart[t]!
  const indeg = (t: number) => graph.inStart[t + 1]! - graph.inStart[t]!
  const xs = new Set<number>()
  for (let e = graph.outStart[source]!; e < graph.outStart[source + 1]!; e++) xs.add(graph.edgeHead[e]!)
  const ys = new Set<number>()
  for (let i = graph.inStart[target]!; i < graph.inStart[target + 1]!; i++) {
    const e = graph.inEdges[i]!
    if (mask.adapterEnabled[graph.edgeAdapter[e]!] === 1 && mask.poolBanned?.[graph.edgePool[e]!] !== 1) ys.add(graph.edgeTail[e]!)
  }
  let forward = 0
  let pairs = 0
  for (const x of xs) {
    forward += outdeg(x)
    pairs += ys.size * (Math.ceil(Math.log2(outdeg(x) + 1)) + 2)
  }
  let reverse = 0
  for (const y of ys) reverse += indeg(y)
  return outdeg(source) + Math.min(forward, RANDOM_READ_COST * Math.min(reverse, pairs)) + 3 * indeg(target)
}

describe('probeBestRate', () => {
  test(`equals the best walk by enumeration, within its work bound, and leaves its buffers clean (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), (seed, maxHops, banSome) => {
        const graph = buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed, tokens: 12, v2Pools: 30, v3Pools: 4, balancerPools: 3 }))
        const context = createSearchContext(graph)
        const mask = createSearchMask(graph, {})
        if (banSome) mask.poolBanned = Uint8Array.from(graph.pools, (_, i) => (i % 3 === 0 ? 1 : 0))
        for (let source = 0; source < 4; source++) {
          for (let target = 4; target < 8; target++) {
            const probe = 1e3
            const got = probeBestRate(context, { source, target, probe, maxHops, mask })
            const want = bestWalk(graph, { source, target, probe, maxHops, mask })
            expect(Math.abs(got.best - want)).toBeLessThanOrEqual(want * 1e-12)
            if (maxHops <= 3) expect(got.edgeVisits).toBeLessThanOrEqual(visitBound(graph, { source, target, mask }))
          }
        }
        const s = context.probeScratch!
        for (const a of [s.amounts, s.next, s.nearTarget]) expect(a.every((x) => x === 0)).toBe(true)
      }),
      { numRuns: 40, seed: FC_SEED },
    )
  })

  test('a hub with thousands of pools: the search skips the hub’s neighbours that have no pool into the target', () => {
    // Token 0 → hub 1 → 3,000 spokes (tokens 10..3009); only spoke 10 has a pool into target 2. Each spoke also
    // has 3 pools to other spokes: the whole 2-hop neighbourhood of the source is ~12,000 edges.
    const pools = [testV2Pool(0, 0, 1, 10n ** 20n, 10n ** 20n), testV2Pool(1, 10, 2, 10n ** 20n, 10n ** 20n)]
    for (let s = 10; s < 3010; s++) pools.push(testV2Pool(pools.length, 1, s, 10n ** 20n, 10n ** 20n))
    for (let s = 10; s < 3010; s++) for (let j = 1; j <= 3; j++) pools.push(testV2Pool(pools.length, s, 10 + ((s - 10 + j * 7) % 3000), 10n ** 18n, 10n ** 18n))
    const graph = buildGraph({ adapters: protocolAdapters }, { version: 'hub', chainId: 1, blockNumber: 1n, pools })
    const context = createSearchContext(graph)
    const mask = createSearchMask(graph, {})
    const [source, target] = [graph.tokenIndex.get(pools[0]!.tokens[0]!)!, graph.tokenIndex.get(pools[1]!.tokens[1]!)!]
    const got = probeBestRate(context, { source, target, probe: 1e6, maxHops: 3, mask })
    expect(got.best).toBeCloseTo(bestWalk(graph, { source, target, probe: 1e6, maxHops: 3, mask }), 6)
    // Reading the spokes' edges would cost ~12,000 visits, the hub's 3,001; here the hop into the target's one
    // in-neighbour reads that spoke's few in-edges instead.
    expect(got.edgeVisits).toBeLessThanOrEqual(visitBound(graph, { source, target, mask }))
    expect(got.edgeVisits).toBeLessThan(30)
  })
})
