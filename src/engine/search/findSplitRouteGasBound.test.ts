/**
 * `findSplitRoute`'s gas bound: a split runs at least two legs of at least one hop each, so when the
 * single path scores at least the output bound less two of the cheapest hops' gas, no split is searched.
 * The skip must never change an answer (random graphs, amounts and gas prices, with and without it) and
 * must not stop a split that pays for its gas.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { splitRouteFixture } from '../testing/splitRouteFixture.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import { findBestPath } from './findBestPath.js'
import { findSplitRoute } from './findSplitRoute.js'
import { createSearchContext } from './searchContext.js'

const allEnabled = { adapterEnabled: new Uint8Array(protocolAdapters.length).fill(1) }

describe('findSplitRoute decisions: the gas bound', () => {
  // 3e8 into V2 pools of 1e9 and 2e9: splitting gains about 3 % (~1e7) over the deeper pool alone.
  const pools = () => splitRouteFixture([testV2Pool(0, 0, 1, 10n ** 9n, 10n ** 9n), testV2Pool(1, 0, 1, 2n * 10n ** 9n, 2n * 10n ** 9n)])

  test('a second leg that costs more gas than the bound leaves to gain: the single path, no split searched', () => {
    // 60,000 gas a hop at 1e21 wad: 6e7 a hop, more than the whole impact (~4e7).
    const costly = pools().run({ amountIn: 3n * 10n ** 8n, maxSplits: 2, gasPriceWad: 10n ** 21n })
    expect(costly.method).toBe('single')
    expect(costly.waterFill).toBeUndefined()
    const searched = pools().run({ amountIn: 3n * 10n ** 8n, maxSplits: 2, gasPriceWad: 10n ** 21n, gasBoundSkip: false })
    expect(searched.waterFill).toBeDefined()
    expect(searched.best.score).toBe(costly.best.score)
  })

  test('a split that pays for its gas is still searched and taken', () => {
    const cheap = pools().run({ amountIn: 3n * 10n ** 8n, maxSplits: 2, gasPriceWad: 10n ** 15n })
    expect(cheap.method).not.toBe('single')
    expect(cheap.best.legs).toHaveLength(2)
  })

  test('a split that gains a little more than its second leg costs is still taken (the bound is not stretched)', () => {
    // Two equal pools: the gas-free split gains P − S over the single path; a hop priced at 0.95 of that
    // leaves the two-leg split ahead by a hair. The bound (output ≤ B) may skip only when S − h ≥ B − 2h.
    const fixture = () => splitRouteFixture([testV2Pool(0, 0, 1, 10n ** 12n, 10n ** 12n), testV2Pool(1, 0, 1, 10n ** 12n, 10n ** 12n)])
    const amountIn = 10n ** 11n
    const free = fixture().run({ amountIn, maxSplits: 2 })
    const gain = free.best.amountOut - free.single.amountOut
    expect(gain).toBeGreaterThan(0n)
    // 60,000 gas a hop (Uniswap V2's, the cheapest adapter): price it at 0.95 of the gain.
    const gasPriceWad = (gain * 95n * 10n ** 18n) / (100n * 60_000n)
    const priced = fixture().run({ amountIn, maxSplits: 2, gasPriceWad })
    expect(priced.method).not.toBe('single')
    expect(priced.best.legs).toHaveLength(2)
    expect(priced.best.score).toBeGreaterThan(priced.single.score)
  })

  test('never changes an answer: random graphs, amounts and gas prices, with and without the skip', () => {
    let skipped = 0
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 34 }), fc.integer({ min: 6, max: 18 }), (seed, gasExp, amountExp) => {
        const snapshot = randomSnapshot({ seed, tokens: 8, v2Pools: 24, v3Pools: 4, balancerPools: 3, minExp: 18, maxExp: 21 })
        const graph = buildGraph({ adapters: protocolAdapters }, snapshot)
        const context = createSearchContext(graph)
        const states = new PoolStates(graph)
        const source = seed % graph.tokens.length
        const target = (source + 1 + (seed % (graph.tokens.length - 1))) % graph.tokens.length
        const amountIn = 10n ** BigInt(amountExp) + BigInt(seed % 1000)
        const gasPriceWad = gasExp === 0 ? 0n : 10n ** BigInt(gasExp)
        const base = { source, target, amountIn, maxHops: 3, mask: allEnabled, gasPriceWad, states }
        const single = findBestPath(context, base).best
        if (single === undefined) return
        const withSkip = findSplitRoute(context, { ...base, maxSplits: 4, single: single.edges })
        const without = findSplitRoute(context, { ...base, maxSplits: 4, single: single.edges, gasBoundSkip: false })
        if (withSkip.waterFill === undefined && without.waterFill !== undefined) skipped++
        expect(withSkip.best.score, `seed=${seed} gas=1e${gasExp} amountIn=${amountIn}`).toBe(without.best.score)
        expect(withSkip.best.amountOut).toBe(without.best.amountOut)
      }),
      { numRuns: 150, seed: 4242 },
    )
    // The draw reaches the skip often enough for the comparison to mean something.
    expect(skipped).toBeGreaterThan(10)
  })
})
