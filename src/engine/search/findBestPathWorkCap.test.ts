import { expect, test } from 'vitest'
import type { BalancerV2WeightedPoolSnapshot } from '../../protocols/balancer-v2/types.js'
import { protocolAdapters } from '../../protocols/registry.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { testAddress } from '../testing/randomSnapshot.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import { findBestPath, MAX_PATH_SEARCH_EDGE_READS } from './findBestPath.js'
import { createSearchContext } from './searchContext.js'

const allEnabled = { adapterEnabled: new Uint8Array(protocolAdapters.length).fill(1) }
const deep = 10n ** 27n

/**
 * The large world's worst query, in small: the target's only pool is a Balancer pool whose balance of
 * the token before it is far below what any walk brings (past its 30 % max-in ratio, the exact quote is
 * 0), while the float kernel, monotone, keeps promising. Every walk S → M(i) [→ M(j)] → Y → T is
 * quoted exactly and refused, and the best-first search partitions on, walk after walk.
 */
function cappedTarget(middles: number) {
  const [S, Y, T] = [0, 1, 2]
  const M = (i: number) => 3 + i
  const pools: PoolSnapshotBase[] = [
    {
      protocol: 'balancer-v2',
      address: testAddress(4, 0),
      blockNumber: 1n,
      tokens: [testAddress(1, Y), testAddress(1, T)],
      poolId: `0x${testAddress(4, 0).slice(2)}000200000000000000000001`,
      balances: [10n ** 18n, deep],
      weights: [5n * 10n ** 17n, 5n * 10n ** 17n],
      decimals: [18, 18],
      swapFee: 3n * 10n ** 15n,
    } as BalancerV2WeightedPoolSnapshot,
  ]
  let id = 1
  for (let i = 0; i < middles; i++) {
    pools.push(testV2Pool(id++, S, M(i), deep, deep + BigInt(i) * 10n ** 22n))
    pools.push(testV2Pool(id++, M(i), Y, deep, deep))
    for (let j = i + 1; j < middles; j++) pools.push(testV2Pool(id++, M(i), M(j), deep, deep))
  }
  const graph = buildGraph({ adapters: protocolAdapters }, { version: 'capped-target', chainId: 1, blockNumber: 1n, pools })
  const index = (n: number) => graph.tokenIndex.get(testAddress(1, n))!
  return { graph, context: createSearchContext(graph), states: new PoolStates(graph), source: index(S), target: index(T) }
}

test('a path search stops once it has read its edge budget, uncertified, having read at most one run past it', () => {
  const { graph, context, states, source, target } = cappedTarget(40)
  const query = { source, target, amountIn: 10n ** 21n, maxHops: 4, mask: allEnabled, gasPriceWad: 0n, states }
  const budget = 5_000
  const before = context.edgeReads
  const capped = findBestPath(context, { ...query, maxEdgeReads: budget })
  const read = context.edgeReads - before
  expect(capped.best).toBeUndefined()
  expect(capped.certified).toBe(false)
  expect(read).toBeGreaterThanOrEqual(budget)
  // One layered run reads at most every edge once per hop.
  expect(read).toBeLessThan(budget + graph.edgeCount * query.maxHops)
  // The run cap alone lets the same search read ten times as much before it gives up.
  const byRuns = findBestPath(context, { ...query, maxEdgeReads: Number.POSITIVE_INFINITY })
  expect(byRuns.certified).toBe(false)
  expect(byRuns.dpRuns).toBe(2000)
  expect(context.edgeReads - before - read).toBeGreaterThan(10 * budget)
})

test('the default budget is what a search gets without one', () => {
  const { context, states, source, target } = cappedTarget(150)
  const before = context.edgeReads
  const result = findBestPath(context, { source, target, amountIn: 10n ** 21n, maxHops: 4, mask: allEnabled, gasPriceWad: 0n, states })
  const read = context.edgeReads - before
  expect(result.certified).toBe(false)
  expect(result.dpRuns).toBeLessThan(2000)
  expect(read).toBeGreaterThanOrEqual(MAX_PATH_SEARCH_EDGE_READS)
  expect(read).toBeLessThan(MAX_PATH_SEARCH_EDGE_READS + context.graph.edgeCount * 4)
})
