import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import { buildGraph } from '../graph/buildGraph.js'
import { findRoute } from '../tasks/findRoute.js'
import { testAddress } from '../testing/randomSnapshot.js'
import type { EngineSnapshot } from '../types.js'
import { MAX_LEG_CANDIDATES } from './collectLegCandidates.js'
import { createSearchContext } from './searchContext.js'

const T = Array.from({ length: 4 }, (_, i) => testAddress(1, i))
const E18 = 10n ** 18n
type V2 = { a: number; b: number; r0: bigint; r1: bigint }

function context(pools: V2[]) {
  const snapshot: EngineSnapshot = {
    version: 'hand',
    chainId: 1,
    blockNumber: 7n,
    pools: pools.map((p, i): UniswapV2PoolSnapshot => ({
      protocol: 'uniswap-v2', address: testAddress(2, i), blockNumber: 7n, tokens: [T[p.a]!, T[p.b]!], reserve0: p.r0, reserve1: p.r1, feeBps: 30,
    })),
  }
  return createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
}

describe('findRoute with explain: the candidates of each leg', () => {
  // Two direct pools (one deep, one shallow) and a two-hop path through T2.
  const pools: V2[] = [
    { a: 0, b: 1, r0: 1000n * E18, r1: 1000n * E18 },
    { a: 0, b: 1, r0: 300n * E18, r1: 300n * E18 },
    { a: 0, b: 2, r0: 500n * E18, r1: 500n * E18 },
    { a: 2, b: 1, r0: 500n * E18, r1: 500n * E18 },
  ]
  const request = { tokensIn: [{ token: T[0]!, amount: 200n * E18 }], tokensOut: [{ token: T[1]! }] }

  test('a split route: the chosen split first, then the single path and the alternatives without each of its pools; ranked by score', () => {
    const route = findRoute(context(pools), { ...request, explain: true })
    const candidates = route.candidates!
    expect(route.paths.length).toBeGreaterThan(1)
    expect(candidates.length).toBeGreaterThan(2)
    expect(candidates.length).toBeLessThanOrEqual(MAX_LEG_CANDIDATES)
    const [first] = candidates
    expect(first!.chosen).toBe(true)
    expect(first!.kind).not.toBe('single')
    expect(first!.amountOut).toBe(route.amountsOut[0]!.amount)
    expect(first!.paths.map((p) => p.pools)).toEqual(route.paths.map((p) => p.steps.map((s) => s.primary)))
    expect(candidates.filter((c) => c.chosen)).toHaveLength(1)
    for (let i = 1; i < candidates.length; i++) expect(candidates[i - 1]!.score >= candidates[i]!.score).toBe(true)
    const single = candidates.find((c) => c.kind === 'single')!
    expect(single.paths).toHaveLength(1)
    expect(single.paths[0]!.pools).toEqual([testAddress(2, 0)])
    expect(single.paths[0]!.tokens).toEqual([T[0], T[1]])
    // Without the deep pool, the best single path is the shallow one or the two hops via T2.
    const alternative = candidates.find((c) => c.kind === 'alternative')!
    expect(alternative.paths[0]!.pools).not.toContain(testAddress(2, 0))
    expect(alternative.amountOut).toBeLessThan(single.amountOut)
  })

  test('a single-path route: the chosen candidate is the single path; without explain there are no candidates', () => {
    const small = { tokensIn: [{ token: T[0]!, amount: 10n ** 6n }], tokensOut: [{ token: T[1]! }] }
    const route = findRoute(context(pools), { ...small, explain: true })
    expect(route.paths).toHaveLength(1)
    const chosen = route.candidates!.filter((c) => c.chosen)
    expect(chosen).toHaveLength(1)
    expect(chosen[0]!.kind).toBe('single')
    expect(route.candidates![0]).toBe(chosen[0])
    const plain = findRoute(context(pools), small)
    expect(plain.candidates).toBeUndefined()
    expect({ ...route, candidates: undefined }).toEqual({ ...plain, candidates: undefined })
  })

  test('a route the split search never weighed (no price impact): the alternatives come from searches avoiding each pool', () => {
    const small = { tokensIn: [{ token: T[0]!, amount: 10n ** 6n }], tokensOut: [{ token: T[1]! }] }
    const route = findRoute(context(pools), { ...small, explain: true })
    const alternatives = route.candidates!.filter((c) => c.kind === 'alternative')
    expect(alternatives.length).toBeGreaterThan(0)
    for (const a of alternatives) expect(a.paths[0]!.pools).not.toContain(testAddress(2, 0))
  })

  test('a split route: every path the split weighed is a candidate quoted for the whole amount', () => {
    const route = findRoute(context(pools), { ...request, explain: true })
    const alternatives = route.candidates!.filter((c) => c.kind === 'alternative')
    // The shallow direct pool and the two hops via T2: each alone, for all 200.
    expect(alternatives.map((a) => a.paths[0]!.pools)).toEqual(expect.arrayContaining([[testAddress(2, 1)], [testAddress(2, 2), testAddress(2, 3)]]))
    for (const a of alternatives) expect(a.paths[0]!.amountIn).toBe(200n * E18)
  })

  test('several legs: candidates name their leg', () => {
    const route = findRoute(context(pools), { tokensIn: [{ token: T[0]!, amount: 10n * E18 }], tokensOut: [{ token: T[1]! }, { token: T[2]! }], explain: true })
    const legs = new Set(route.candidates!.map((c) => c.leg))
    expect([...legs].sort()).toEqual([0, 1])
    for (const leg of legs) expect(route.candidates!.filter((c) => c.leg === leg && c.chosen)).toHaveLength(1)
  })
})
