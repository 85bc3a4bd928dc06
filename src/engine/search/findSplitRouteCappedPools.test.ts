/**
 * `findSplitRoute` with capped pools (Balancer's max-in ratio, V3 ranges): every leg delivers, none goes
 * above its pool's cap, and a split with a dead leg is infeasible (`evaluateLegs`).
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { BalancerV2WeightedPoolSnapshot } from '../../protocols/balancer-v2/types.js'
import { protocolAdapters } from '../../protocols/registry.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { randomSnapshot, testAddress } from '../testing/randomSnapshot.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import { INFEASIBLE_SCORE, evaluateLegs } from './evaluateLegs.js'
import { findBestPath } from './findBestPath.js'
import { findSplitRoute } from './findSplitRoute.js'
import { createSearchContext } from './searchContext.js'
import type { SearchMask } from './searchContext.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261126)

describe('findSplitRoute with capped pools', () => {
  // Two Balancer pools S/T whose 30 % max-in ratio the input exceeds (a leg above it reverts on chain:
  // exact quote 0) and a poor but deep V2 pool. Chunks on a growing balance never reach the cap, so
  // the greedy allocation used to pile more into a Balancer leg than one swap can take, and a split
  // with a dead leg "won" on the output of the others (seen on the devnet: aWBTC → AAVE for $5M, whose
  // simulation then reverted with BAL#304).
  const balancer = (i: number, balanceS: bigint, balanceT: bigint): BalancerV2WeightedPoolSnapshot => ({
    protocol: 'balancer-v2',
    address: testAddress(4, i),
    blockNumber: 1n,
    tokens: [testAddress(1, 0), testAddress(1, 1)],
    poolId: `0x${testAddress(4, i).slice(2)}000200000000000000000001`,
    balances: [balanceS, balanceT],
    weights: [5n * 10n ** 17n, 5n * 10n ** 17n],
    decimals: [18, 18],
    swapFee: 3n * 10n ** 15n,
  })
  const E18 = 10n ** 18n
  const pools: PoolSnapshotBase[] = [balancer(0, 1000n * E18, 1500n * E18), balancer(1, 1000n * E18, 1000n * E18), testV2Pool(0, 0, 1, 10n ** 24n, 10n ** 22n)]
  const graph = buildGraph({ adapters: protocolAdapters }, { version: 'capped', chainId: 1, blockNumber: 1n, pools })
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)
  const S = graph.tokenIndex.get(testAddress(1, 0))!
  const T = graph.tokenIndex.get(testAddress(1, 1))!
  const mask: SearchMask = { adapterEnabled: new Uint8Array(protocolAdapters.length).fill(1) }

  for (const amountIn of [1000n * E18, 500n * E18, 2000n * E18]) {
    test(`${amountIn / E18} in: every leg delivers, no leg above its pool's cap, at least the single path`, () => {
      const leg = { source: S, target: T, amountIn, maxHops: 2, mask, gasPriceWad: 0n, states }
      const single = findBestPath(context, leg).best!
      const { best } = findSplitRoute(context, { ...leg, maxSplits: 4, single: single.edges })
      expect(best.score).not.toBe(INFEASIBLE_SCORE)
      expect(best.legs.reduce((sum, l) => sum + l.amounts[0]!, 0n)).toBe(amountIn)
      for (const l of best.legs) expect(l.amountOut).toBeGreaterThan(0n)
      // Each Balancer leg stays within 30 % of the pool's S balance (one swap, the leg's whole amount, after
      // the swap fee, as WeightedPool checks it).
      for (const l of best.legs) {
        const pool = graph.pools[graph.edgePool[l.edges[0]!]!]!.snapshot
        if (pool.protocol !== 'balancer-v2') continue
        const { balances, swapFee } = pool as BalancerV2WeightedPoolSnapshot
        const afterFee = l.amounts[0]! - (l.amounts[0]! * swapFee + E18 - 1n) / E18
        expect(afterFee * 10n).toBeLessThanOrEqual(balances[0]! * 3n)
      }
      expect(best.amountOut).toBeGreaterThanOrEqual(single.amountOut)
      // Both Balancer pools are worth using: far more than the V2 pool alone pays.
      expect(best.amountOut).toBeGreaterThan(single.amountOut * 10n)
      // Each capped pool carries a leg: the second is found by the pool-disjoint chain at one chunk's amount.
      const used = new Set(best.legs.map((l) => graph.edgePool[l.edges[0]!]!))
      expect(used.has(0) && used.has(1)).toBe(true)
    })
  }
  test('a capped pool behind the single path\'s first pool: found at one chunk\'s amount, and its leg stops at the cap', () => {
    // S → X is shared, X → T is a poor V2 pool or a capped Balancer one. The pool-disjoint chain cannot
    // reach X without S → X and water-filling only splits disjoint paths, so only the search at one
    // chunk's amount finds S → X → P, and only closing that candidate at its cap keeps the split executable.
    const E18 = 10n ** 18n
    const xt: BalancerV2WeightedPoolSnapshot = { ...balancer(5, 1000n * E18, 1500n * E18), tokens: [testAddress(1, 2), testAddress(1, 1)] }
    const g = buildGraph({ adapters: protocolAdapters }, {
      version: 'capped-shared', chainId: 1, blockNumber: 1n,
      pools: [testV2Pool(10, 0, 2, 10n ** 30n, 10n ** 30n), testV2Pool(11, 2, 1, 10n ** 24n, 10n ** 22n), xt],
    })
    const c = createSearchContext(g)
    const st = new PoolStates(g)
    const leg = { source: g.tokenIndex.get(testAddress(1, 0))!, target: g.tokenIndex.get(testAddress(1, 1))!, amountIn: 2000n * E18, maxHops: 3, mask, gasPriceWad: 0n, states: st }
    const single = findBestPath(c, leg).best!
    expect(single.edges.map((e) => g.pools[g.edgePool[e]!]!.adapter.slug)).toEqual(['uniswap-v2', 'uniswap-v2'])
    const { best } = findSplitRoute(c, { ...leg, maxSplits: 4, single: single.edges })
    for (const l of best.legs) expect(l.amountOut).toBeGreaterThan(0n)
    expect(best.legs.some((l) => g.pools[g.edgePool[l.edges[1]!]!]!.adapter.slug === 'balancer-v2')).toBe(true)
    expect(best.amountOut).toBeGreaterThan(single.amountOut * 10n)
  })
  test('evaluateLegs: a leg with input and no output makes the split infeasible', () => {
    const deadEdge = graph.pools[0]!.edgeIds.find((e) => graph.edgeTail[e] === S)!
    const liveEdge = graph.pools[2]!.edgeIds.find((e) => graph.edgeTail[e] === S)!
    const dead = evaluateLegs(states, { legs: [{ edges: [deadEdge], amountIn: 900n * E18 }, { edges: [liveEdge], amountIn: 100n * E18 }], gasPriceWad: 0n })
    expect(dead.legs[0]!.amountOut).toBe(0n)
    expect(dead.score).toBe(INFEASIBLE_SCORE)
    // Below every real score: any comparison rejects an infeasible split.
    expect(INFEASIBLE_SCORE < -(10n ** 70n)).toBe(true)
    const live = evaluateLegs(states, { legs: [{ edges: [deadEdge], amountIn: 100n * E18 }, { edges: [liveEdge], amountIn: 900n * E18 }], gasPriceWad: 0n })
    expect(live.score).toBe(live.amountOut)
    expect(live.score).toBeGreaterThan(0n)
  })
  test(`random graphs with capped pools (V3 ranges, 3-token Balancer) and amounts past the caps: every leg delivers (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const snapshot = randomSnapshot({ seed, tokens: 6, v2Pools: 8, v3Pools: 5, balancerPools: 5, minExp: 3, maxExp: 22 })
        const g = buildGraph({ adapters: protocolAdapters }, snapshot)
        const ctx = createSearchContext(g)
        const st = new PoolStates(g)
        for (let q = 0; q < 4; q++) {
          const source = (seed + q) % 6
          const target = (seed + 2 * q + 1) % 6
          if (source === target) continue
          const amountIn = 10n ** BigInt(6 + ((seed >>> q) % 18))
          const leg = { source, target, amountIn, maxHops: 3, mask, gasPriceWad: 0n, states: st }
          const single = findBestPath(ctx, leg).best
          if (single === undefined) continue
          const { best } = findSplitRoute(ctx, { ...leg, maxSplits: 4, single: single.edges })
          expect(best.legs.reduce((sum, l) => sum + l.amounts[0]!, 0n)).toBe(amountIn)
          for (const l of best.legs) expect(l.amountOut, `seed=${seed} q=${q}`).toBeGreaterThan(0n)
          expect(best.amountOut).toBeGreaterThanOrEqual(single.amountOut)
        }
      }),
      { numRuns: 150, seed: FC_SEED },
    )
  })
})
