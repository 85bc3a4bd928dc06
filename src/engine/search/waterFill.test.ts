import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { testAddress } from '../testing/randomSnapshot.js'
import { waterFill } from './waterFill.js'

const v2 = (i: number, reserve0: bigint, reserve1: bigint) => ({
  protocol: 'uniswap-v2' as const, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, 0), testAddress(1, 1)], reserve0, reserve1, feeBps: 30,
})

/** Parallel A→B V2 pools; returns the graph and the A→B edge of each pool, in pool order. */
function parallel(pools: ReturnType<typeof v2>[]) {
  const graph = buildGraph({ adapters: protocolAdapters }, { version: 'wf', chainId: 1, blockNumber: 1n, pools })
  const a = graph.tokenIndex.get(testAddress(1, 0))!
  const edges = graph.pools.map((pool) => pool.edgeIds.find((e) => graph.edgeTail[e] === a)!)
  return { graph, paths: edges.map((e) => [e]) }
}

const sum = (legs: readonly { amountIn: bigint }[]) => legs.reduce((s, leg) => s + leg.amountIn, 0n)

describe('waterFill', () => {
  test('no paths: no legs', () => {
    const { graph } = parallel([v2(0, 10n ** 6n, 10n ** 6n)])
    expect(waterFill(graph, { paths: [], amountIn: 1000n })).toEqual([])
  })

  test('one path carries everything', () => {
    const { graph, paths } = parallel([v2(0, 10n ** 6n, 10n ** 6n)])
    expect(waterFill(graph, { paths, amountIn: 123_457n })).toEqual([{ edges: paths[0], amountIn: 123_457n }])
  })

  test('identical paths share equally; the odd unit goes to the first (preferred) path', () => {
    const { graph, paths } = parallel([v2(0, 10n ** 6n, 10n ** 6n), v2(1, 10n ** 6n, 10n ** 6n)])
    expect(waterFill(graph, { paths, amountIn: 1001n })).toEqual([
      { edges: paths[0], amountIn: 501n },
      { edges: paths[1], amountIn: 500n },
    ])
  })

  test('marginal rates equalise: pools of equal price get shares proportional to their depth', () => {
    // The optimum of two same-price constant-product pools splits in proportion to reserves: 1:3.
    const { graph, paths } = parallel([v2(0, 10n ** 9n, 10n ** 9n), v2(1, 3n * 10n ** 9n, 3n * 10n ** 9n)])
    const amountIn = 4n * 10n ** 8n
    const legs = waterFill(graph, { paths, amountIn })
    expect(sum(legs)).toBe(amountIn)
    expect(legs.map((l) => l.edges)).toEqual(paths)
    const increment = amountIn / 100n
    expect(legs[0]!.amountIn - 10n ** 8n).toBeLessThanOrEqual(increment)
    expect(10n ** 8n - legs[0]!.amountIn).toBeLessThanOrEqual(increment)
    expect(legs[1]!.amountIn - 3n * 10n ** 8n).toBeLessThanOrEqual(increment)
    expect(3n * 10n ** 8n - legs[1]!.amountIn).toBeLessThanOrEqual(increment)
  })

  test('each of `steps` increments goes to the largest marginal gain (ties to the first path)', () => {
    // Identical paths, 3 steps: first, then second (first has impact now), then first again.
    const { graph, paths } = parallel([v2(0, 10n ** 6n, 10n ** 6n), v2(1, 10n ** 6n, 10n ** 6n)])
    const legs = waterFill(graph, { paths, amountIn: 3000n, steps: 3 })
    expect(sum(legs)).toBe(3000n)
    expect(legs.map((l) => l.edges)).toEqual(paths)
    expect(Number(legs[0]!.amountIn)).toBeCloseTo(2000, -1)
    expect(Number(legs[1]!.amountIn)).toBeCloseTo(1000, -1)
  })

  test('a path that gets nothing is left out, and the rounding remainder goes to the largest leg, not to it', () => {
    // Pool 0 pays (almost) nothing: it never wins an increment. Pools 1 and 2 split 50/50.
    const { graph, paths } = parallel([v2(0, 10n ** 6n, 10n), v2(1, 10n ** 6n, 10n ** 6n), v2(2, 10n ** 6n, 10n ** 6n)])
    expect(waterFill(graph, { paths, amountIn: 1001n })).toEqual([
      { edges: paths[1], amountIn: 501n },
      { edges: paths[2], amountIn: 500n },
    ])
  })

  test('the remainder goes to the largest leg when it is not the first', () => {
    const { graph, paths } = parallel([v2(0, 10n ** 9n, 10n ** 9n), v2(1, 3n * 10n ** 9n, 3n * 10n ** 9n)])
    // Shares are floored to 1e-12 of the input: a large odd input leaves a remainder.
    const amountIn = 4n * 10n ** 20n + 12_345n
    const legs = waterFill(graph, { paths, amountIn, steps: 4 })
    const floor = (share: number) => (BigInt(Math.floor(share * 1e12)) * amountIn) / 10n ** 12n
    expect(legs[0]!.amountIn).toBe(floor(1 / 4))
    expect(legs[1]!.amountIn).toBe(amountIn - floor(1 / 4))
  })
})
