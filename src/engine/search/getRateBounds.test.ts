import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { createRandom, randomSnapshot, testAddress } from '../testing/randomSnapshot.js'
import { bruteForceBestPath } from './bruteForceBestPath.js'
import { createSearchMask } from './createSearchMask.js'
import { findBestPath } from './findBestPath.js'
import { RATE_BOUND_MIN_IN_DEGREE, getRateBounds } from './getRateBounds.js'
import { probeBestRate } from './probeBestRate.js'
import { quoteEdgeFloat, runLayeredDp } from './runLayeredDp.js'
import { createSearchContext } from './searchContext.js'

/**
 * Two hubs (tokens 0 and 1) joined to every other token by 8 parallel pools, ordinary tokens joined to
 * each other sparsely, prices consistent up to ±0.5 % per pool: each hub has more than
 * RATE_BOUND_MIN_IN_DEGREE in-edges, and a third hop rarely pays.
 */
function hubSnapshot(seed: number) {
  const random = createRandom(seed)
  const n = 40
  const tokens = Array.from({ length: n }, (_, i) => testAddress(1, i))
  const price = tokens.map(() => 10 ** (random() * 4))
  const pools: PoolSnapshotBase[] = []
  const pool = (a: number, b: number): void => {
    const usd = 10 ** (3 + random() * 5)
    const skew = 1 + (random() - 0.5) * 0.01
    const snapshot: UniswapV2PoolSnapshot = {
      protocol: 'uniswap-v2',
      address: testAddress(2, pools.length),
      blockNumber: 1n,
      tokens: [tokens[a]!, tokens[b]!],
      reserve0: BigInt(Math.floor((usd / price[a]!) * 1e12 * skew)),
      reserve1: BigInt(Math.floor((usd / price[b]!) * 1e12)),
      feeBps: 30,
    }
    pools.push(snapshot)
  }
  for (const hub of [0, 1]) for (let t = 2; t < n; t++) for (let k = 0; k < 8; k++) pool(hub, t)
  for (let k = 0; k < 4; k++) pool(0, 1)
  for (let i = 0; i < 60; i++) {
    const a = 2 + Math.floor(random() * (n - 2))
    const b = 2 + Math.floor(random() * (n - 2))
    if (a !== b) pool(a, b)
  }
  return { version: `hub:${seed}`, chainId: 1, blockNumber: 1n, pools }
}

describe('getRateBounds', () => {
  test('bounds out ÷ in of every two-hop walk into the target; rebuilt when float kernels change', () => {
    const graph = buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed: 3, tokens: 8, v2Pools: 40, v3Pools: 3, minExp: 6, maxExp: 12 }))
    const context = createSearchContext(graph)
    const { outStart, edgeHead, edgeKind } = graph
    for (let target = 0; target < 8; target++) {
      const rate = getRateBounds(context, target)
      for (let X = 0; X < 8; X++) {
        for (let e1 = outStart[X]!; e1 < outStart[X + 1]!; e1++) {
          const Y = edgeHead[e1]!
          for (let e2 = outStart[Y]!; e2 < outStart[Y + 1]!; e2++) {
            if (edgeHead[e2] !== target) continue
            if (edgeKind[e1] !== 0 || edgeKind[e2] !== 0) {
              expect(rate[X]).toBe(Infinity)
              continue
            }
            for (const a of [1, 1e3, 1e6, 1e9, 1e12]) {
              const out = graph.pools[graph.edgePool[e2]!]!.adapter.quote(graph.pools[graph.edgePool[e2]!]!.snapshot, {
                edge: graph.edgeSpec[e2]!,
                amountIn: graph.pools[graph.edgePool[e1]!]!.adapter.quote(graph.pools[graph.edgePool[e1]!]!.snapshot, { edge: graph.edgeSpec[e1]!, amountIn: BigInt(a) }),
              })
              expect(Number(out)).toBeLessThanOrEqual(a * rate[X]! * (1 + 1e-12))
            }
          }
        }
      }
    }
    const before = getRateBounds(context, 0)
    expect(getRateBounds(context, 0)).toBe(before)
    const states = new PoolStates(graph)
    const moved = { ...graph.pools[0]!.snapshot, reserve0: 1n } as PoolSnapshotBase
    states.set(0, moved)
    const after = Float64Array.from(getRateBounds(context, 0))
    states.restore()
    expect(Float64Array.from(getRateBounds(context, 0))).toEqual(Float64Array.from(before))
    expect(after).not.toEqual(Float64Array.from(before))
  })

  test('into a hub, the pruned layered DP reads fewer edges and findBestPath stays exact', () => {
    let pruned = 0
    for (const seed of [1, 2, 3]) {
      const graph = buildGraph({ adapters: protocolAdapters }, hubSnapshot(seed))
      expect(graph.inStart[1]! - graph.inStart[0]!).toBeGreaterThanOrEqual(RATE_BOUND_MIN_IN_DEGREE)
      const context = createSearchContext(graph)
      const mask = createSearchMask(graph, {})
      const states = new PoolStates(graph)
      for (const [source, target] of [[0, 1], [1, 0], [5, 0], [0, 7], [9, 1]] as const) {
        for (const amountIn of [10n ** 9n, 10n ** 14n, 10n ** 17n, 10n ** 19n]) {
          const found = findBestPath(context, { source, target, amountIn, maxHops: 3, mask, gasPriceWad: 0n, states })
          const expected = bruteForceBestPath(graph, { source, target, amountIn, maxHops: 3 })
          expect(found.certified).toBe(true)
          expect(found.best?.amountOut ?? 0n).toBe(expected.amountOut)
          // Hints (a split's earlier candidates) change the work, never the score: here the best path
          // itself, a path of another query and a walk the hop limit rules out.
          const hints = [expected.edges, [graph.outStart[2]!], [...expected.edges, ...expected.edges]]
          const hinted = findBestPath(context, { source, target, amountIn, maxHops: 3, mask, gasPriceWad: 0n, states, hints })
          expect(hinted.best?.amountOut ?? 0n).toBe(expected.amountOut)
          const query = { source, target, amountIn: Number(amountIn), maxHops: 3, mask, gasPrice: 0, minGasPerHop: 0 }
          const full = runLayeredDp(context, query)!
          const cut = runLayeredDp(context, { ...query, pruneBelow: Number(expected.amountOut) * (1 - 1e-3) })
          if (cut !== undefined && cut.edgeVisits < full.edgeVisits) pruned++
          // Pruned walks are covered by the bound: nothing above it was left out.
          if (cut !== undefined) expect(Math.max(cut.estimate * (1 + 1e-9), cut.alternativeBound)).toBeGreaterThanOrEqual(Number(expected.amountOut) * (1 - 1e-3))
        }
      }
    }
    expect(pruned).toBeGreaterThan(10)
  })

  test('into a hub, the probe that leaves out what its rate bounds rule out keeps the best walk by enumeration', () => {
    for (const seed of [1, 2]) {
      const graph = buildGraph({ adapters: protocolAdapters }, hubSnapshot(seed))
      const context = createSearchContext(graph)
      const mask = createSearchMask(graph, {})
      for (const [source, target] of [[0, 1], [1, 0], [5, 0], [9, 1]] as const) {
        for (const probe of [1e-3, 1e6, 1e15]) {
          let want = 0
          const visit = (token: number, amount: number, hops: number): void => {
            for (let e = graph.outStart[token]!; e < graph.outStart[token + 1]!; e++) {
              const v = quoteEdgeFloat(graph, e, amount)
              if (!(v > 0)) continue
              const head = graph.edgeHead[e]!
              if (head === target) want = Math.max(want, v)
              else if (hops + 1 < 3) visit(head, v, hops + 1)
            }
          }
          visit(source, probe, 0)
          const got = probeBestRate(context, { source, target, probe, maxHops: 3, mask })
          expect(Math.abs(got.best - want)).toBeLessThanOrEqual(want * 1e-12)
        }
      }
    }
  })
})
