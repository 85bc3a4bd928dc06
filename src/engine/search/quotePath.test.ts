import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import type { AnyProtocolAdapter, PoolSnapshotBase } from '../../protocols/types.js'
import { getAmountOut } from '../../protocols/uniswap-v2/quote.js'
import { uniswapV2Adapter } from '../../protocols/uniswap-v2/index.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { testAddress } from '../testing/randomSnapshot.js'
import { gasCost, quotePath } from './quotePath.js'

const v2 = (i: number, a: number, b: number, reserve0: bigint, reserve1: bigint) => ({
  protocol: 'uniswap-v2' as const, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, a), testAddress(1, b)], reserve0, reserve1, feeBps: 30,
})
const out = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) => getAmountOut({ amountIn, reserveIn, reserveOut, feeBps: 30 })

function fixture(pools: ReturnType<typeof v2>[], adapters: readonly AnyProtocolAdapter[] = protocolAdapters) {
  const graph = buildGraph({ adapters }, { version: 'qp', chainId: 1, blockNumber: 1n, pools })
  /** Edge of pool `p` from token `a` (fixture numbering). */
  const edge = (p: number, a: number) => graph.pools[p]!.edgeIds.find((e) => graph.edgeTail[e] === graph.tokenIndex.get(testAddress(1, a)))!
  return { graph, states: new PoolStates(graph), edge }
}

describe('quotePath', () => {
  test('distinct pools: each hop quotes the previous output; gas is the sum of the hops', () => {
    const { states, edge } = fixture([v2(0, 0, 1, 10n ** 9n, 2n * 10n ** 9n), v2(1, 1, 2, 5n * 10n ** 8n, 10n ** 9n)])
    const q = quotePath(states, { edges: [edge(0, 0), edge(1, 1)], amountIn: 10n ** 6n })
    const hop1 = out(10n ** 6n, 10n ** 9n, 2n * 10n ** 9n)
    const hop2 = out(hop1, 5n * 10n ** 8n, 10n ** 9n)
    expect(q.amounts).toEqual([10n ** 6n, hop1, hop2])
    expect(q.amountOut).toBe(hop2)
    expect(q.gas).toBe(120_000n)
  })

  test('a pool used twice sees the state its first hop left (A→B→A through one pair)', () => {
    const { states, edge } = fixture([v2(0, 0, 1, 10n ** 9n, 10n ** 9n)])
    const amountIn = 10n ** 8n
    const q = quotePath(states, { edges: [edge(0, 0), edge(0, 1)], amountIn })
    const hop1 = out(amountIn, 10n ** 9n, 10n ** 9n)
    // Moved reserves: A = 1e9 + amountIn, B = 1e9 - hop1; the way back trades B into that.
    const hop2 = out(hop1, 10n ** 9n - hop1, 10n ** 9n + amountIn)
    expect(q.amounts).toEqual([amountIn, hop1, hop2])
    expect(hop2).not.toBe(out(hop1, 10n ** 9n, 10n ** 9n))
  })

  test('the caller map receives the moved states, and `view` supplies the starting states', () => {
    const { states, edge, graph } = fixture([v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 1, 2, 10n ** 9n, 10n ** 9n)])
    const moved = new Map<number, PoolSnapshotBase>()
    const q = quotePath(states, { edges: [edge(0, 0), edge(1, 1)], amountIn: 10n ** 7n, moved })
    expect([...moved.keys()].sort()).toEqual([0, 1])
    expect(moved.get(0)).toMatchObject({ reserve0: 10n ** 9n + 10n ** 7n, reserve1: 10n ** 9n - q.amounts[1]! })
    // Quoting the same path again against the moved view pays less (impact of the first trade).
    const again = quotePath(states, { edges: q.edges, amountIn: 10n ** 7n, view: { get: (p) => moved.get(p) ?? states.get(p) } })
    expect(again.amountOut).toBeLessThan(q.amountOut)
    expect(again.amounts[1]).toBe(out(10n ** 7n, 10n ** 9n + 10n ** 7n, 10n ** 9n - q.amounts[1]!))
    // The block state is untouched.
    expect(states.get(0)).toBe(graph.pools[0]!.snapshot)
  })

  test('after a hop pays 0 the rest of the path is not quoted (adapters need not accept zero input); gas still counts every hop', () => {
    let zeroQuotes = 0
    const strict: AnyProtocolAdapter = {
      ...uniswapV2Adapter,
      quote: (snapshot, parameters) => {
        if (parameters.amountIn === 0n) zeroQuotes++
        return uniswapV2Adapter.quote(snapshot, parameters)
      },
      swap: (snapshot, parameters) => {
        if (parameters.amountIn === 0n) zeroQuotes++
        return uniswapV2Adapter.swap(snapshot, parameters)
      },
    }
    // Pool 0 is dust: 1 unit of B for a million A, so 10 A buy 0 B.
    const { states, edge } = fixture([v2(0, 0, 1, 10n ** 6n, 1n), v2(1, 1, 2, 10n ** 9n, 10n ** 9n), v2(2, 2, 1, 10n ** 9n, 10n ** 9n)], [strict])
    const q = quotePath(states, { edges: [edge(0, 0), edge(1, 1), edge(2, 2)], amountIn: 10n })
    expect(q.amounts).toEqual([10n, 0n, 0n, 0n])
    expect(q.gas).toBe(180_000n)
    // The same with a repeated pool (the swap branch).
    const r = quotePath(states, { edges: [edge(0, 0), edge(1, 1), edge(1, 2)], amountIn: 10n })
    expect(r.amounts).toEqual([10n, 0n, 0n, 0n])
    expect(zeroQuotes).toBe(0)
  })
})

describe('gasCost', () => {
  test('gas times a wad price, in output units, rounded down', () => {
    expect(gasCost(100_000n, 2n * 10n ** 18n)).toBe(200_000n)
    expect(gasCost(3n, 5n * 10n ** 17n)).toBe(1n)
    expect(gasCost(60_000n, 0n)).toBe(0n)
  })
})

