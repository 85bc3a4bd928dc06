import { expect, test } from 'vitest'
import type { CurveStableSwapSnapshot } from '../../protocols/curve/index.js'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { testAddress } from '../testing/randomSnapshot.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import { bruteForceBestPath } from './bruteForceBestPath.js'
import { createSearchMask } from './createSearchMask.js'
import { findBestPath } from './findBestPath.js'
import { createSearchContext } from './searchContext.js'

// A → M_i (30 middles, prices a hair apart) → C, a coarse token (a few hundred whole units come out of each
// M_i → C pool) → B, where one unit of C is worth ~10^18 of B. Every walk passes the same ~230 units of C into
// the one C → B pool: exact ties the 10⁻⁹ float margin (10⁹ units of B here) cannot tell apart.
const middles = 30
const pools = [testV2Pool(0, 2, 1, 10n ** 4n, 10n ** 22n)]
for (let i = 0; i < middles; i++) {
  pools.push(testV2Pool(pools.length, 0, 10 + i, 10n ** 24n, 10n ** 24n + BigInt(i) * 10n ** 15n))
  pools.push(testV2Pool(pools.length, 10 + i, 2, 10n ** 24n, 1000n))
}
const graph = buildGraph({ adapters: protocolAdapters }, { version: 'coarse', chainId: 1, blockNumber: 1n, pools })
const [source, target] = [0, 1].map((i) => graph.tokenIndex.get(testAddress(1, i))!) as [number, number]
const query = { source, target, amountIn: 3n * 10n ** 23n, maxHops: 3, mask: createSearchMask(graph, {}), states: new PoolStates(graph) }

test('exact ties through a coarse token are bounded by exact last-hop quotes: a few DP runs, the exact best', () => {
  const result = findBestPath(createSearchContext(graph), { ...query, gasPriceWad: 0n })
  const exact = bruteForceBestPath(graph, { source, target, amountIn: query.amountIn, maxHops: 3 })
  expect(result.best?.amountOut).toBe(exact.amountOut)
  expect(result.best!.amounts[2]! > 100n && result.best!.amounts[2]! < 1000n).toBe(true)
  expect(result.certified).toBe(true)
  expect(result.dpRuns).toBeLessThanOrEqual(5)
})

test('with gas on, the exact bound stays off: the float search settles the ties alone, still exactly', () => {
  const result = findBestPath(createSearchContext(graph), { ...query, gasPriceWad: 1n })
  expect(result.best?.amountOut).toBe(bruteForceBestPath(graph, { source, target, amountIn: query.amountIn, maxHops: 3 }).amountOut)
  expect(result.dpRuns).toBeGreaterThan(5)
})

// The same ties into a Curve StableSwap last hop: C (0 decimals) → B (2 decimals) through a pool nearly drained of
// B, so every walk's ~230 units of C buy the same few units of B. Curve's quote is bounded through its adapter's
// quoteUpperBound (get_y's rounding), not by monotonicity.
test('exact ties into a nearly drained Curve pool are bounded by its quoteUpperBound: a few DP runs, the exact best', () => {
  const curvePool: CurveStableSwapSnapshot = {
    protocol: 'curve', address: testAddress(2, 999), blockNumber: 1n, tokens: [testAddress(1, 2), testAddress(1, 1), testAddress(3, 0)],
    balances: [10_000n, 1_000n], rates: [10n ** 36n, 10n ** 34n], ramp: { initialA: 100n, futureA: 100n, initialATime: 0n, futureATime: 0n },
    timestamp: 1n, fee: 4_000_000n, adminFee: 0n, totalSupply: 10n ** 22n,
  }
  const curveGraph = buildGraph({ adapters: protocolAdapters }, { version: 'coarse-curve', chainId: 1, blockNumber: 1n, pools: [curvePool, ...pools.slice(1)] })
  const [from, to] = [0, 1].map((i) => curveGraph.tokenIndex.get(testAddress(1, i))!) as [number, number]
  const curveQuery = { source: from, target: to, amountIn: 3n * 10n ** 23n, maxHops: 3, mask: createSearchMask(curveGraph, {}), states: new PoolStates(curveGraph), gasPriceWad: 0n }
  const result = findBestPath(createSearchContext(curveGraph), curveQuery)
  const exact = bruteForceBestPath(curveGraph, { source: from, target: to, amountIn: curveQuery.amountIn, maxHops: 3 })
  expect(exact.amountOut > 0n).toBe(true)
  expect(result.best?.amountOut).toBe(exact.amountOut)
  expect(result.certified).toBe(true)
  expect(result.dpRuns).toBeLessThanOrEqual(5)
})
