import { expect, test } from 'vitest'
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
