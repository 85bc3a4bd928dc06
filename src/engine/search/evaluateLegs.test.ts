import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import type { AnyProtocolAdapter } from '../../protocols/types.js'
import { getAmountOut } from '../../protocols/uniswap-v2/quote.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { testAddress } from '../testing/randomSnapshot.js'
import { evaluateLegs } from './evaluateLegs.js'

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

describe('evaluateLegs', () => {
  test('legs run in order, the second seeing the pools the first moved; zero legs are skipped', () => {
    const { states, edge } = fixture([v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 0, 2, 10n ** 9n, 10n ** 9n), v2(2, 2, 1, 10n ** 9n, 10n ** 9n)])
    const direct = [edge(0, 0)]
    const viaC = [edge(1, 0), edge(2, 2)]
    const gasPriceWad = 10n ** 18n / 10n // 0.1 output unit per gas
    const result = evaluateLegs(states, {
      legs: [
        { edges: direct, amountIn: 10n ** 7n },
        { edges: viaC, amountIn: 0n },
        { edges: direct, amountIn: 10n ** 7n },
      ],
      gasPriceWad,
    })
    const first = out(10n ** 7n, 10n ** 9n, 10n ** 9n)
    const second = out(10n ** 7n, 10n ** 9n + 10n ** 7n, 10n ** 9n - first)
    expect(result.legs.map((l) => l.amountOut)).toEqual([first, second])
    expect(result.amountOut).toBe(first + second)
    expect(result.gas).toBe(120_000n)
    expect(result.score).toBe(first + second - 12_000n)
    expect(result.moved.get(0)).toMatchObject({ reserve0: 10n ** 9n + 2n * 10n ** 7n, reserve1: 10n ** 9n - first - second })
    expect(result.moved.has(1)).toBe(false)
  })
})
