/**
 * Test support: a graph of V2 pools to run findSplitRoute on, with an exact reference for the output of
 * legs executed in order (our own reserve book, independent of quotePath and evaluateLegs).
 */
import { protocolAdapters } from '../../protocols/registry.js'
import type { AnyProtocolAdapter } from '../../protocols/types.js'
import { uniswapV2Adapter } from '../../protocols/uniswap-v2/index.js'
import { getAmountOut } from '../../protocols/uniswap-v2/quote.js'
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import type { TokenGraph } from '../graph/types.js'
import { findBestPath } from '../search/findBestPath.js'
import { type FindSplitRouteReturnType, findSplitRoute } from '../search/findSplitRoute.js'
import { createSearchContext, type SearchMask } from '../search/searchContext.js'
import { testAddress } from './randomSnapshot.js'

/** A second V2-math adapter, so that a mask can disable it. */
const otherAdapter: AnyProtocolAdapter = { ...uniswapV2Adapter, slug: 'test-other', standard: 'test-other' }
/** The registry's adapters and `test-other` (a V2-math adapter a mask can disable), last. */
export const splitRouteAdapters = [...protocolAdapters, otherAdapter]
/** A mask enabling every adapter of {@link splitRouteAdapters}. */
export const allSplitRouteAdaptersEnabled: SearchMask = { adapterEnabled: new Uint8Array(splitRouteAdapters.length).fill(1) }

/** Legs executed in order: each leg's edges and its input. */
export type SequentialLegs = readonly { edges: readonly number[]; amountIn: bigint }[]

/** What {@link splitRouteFixture} returns. */
export type SplitRouteFixture = {
  graph: TokenGraph
  /** Graph index of fixture token `i`. */
  tok(i: number): number
  /** Edge of pool `p` out of fixture token `a`. */
  edge(p: number, a: number): number
  /** Exact output of legs executed in order, from our own reserve book (independent of quotePath/evaluateLegs). */
  sequential(legs: SequentialLegs): bigint
  /** findSplitRoute from token 0 to token 1, seeded with findBestPath's single path (2 hops, no gas, every adapter by default). */
  run(parameters: { amountIn: bigint; maxSplits: number; maxHops?: number; gasPriceWad?: bigint; mask?: SearchMask; chunks?: number; gasBoundSkip?: boolean }): FindSplitRouteReturnType
}

/**
 * A graph of `pools` over {@link splitRouteAdapters}. Tokens are numbered as in the pools
 * (`testAddress(1, i)`; 0 = A source, 1 = B target).
 */
export function splitRouteFixture(pools: UniswapV2PoolSnapshot[]): SplitRouteFixture {
  const graph = buildGraph({ adapters: splitRouteAdapters }, { version: 'split', chainId: 1, blockNumber: 1n, pools })
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)
  const tok = (i: number) => graph.tokenIndex.get(testAddress(1, i))!
  const edge = (p: number, a: number) => graph.pools[p]!.edgeIds.find((e) => graph.edgeTail[e] === tok(a))!
  const sequential = (legs: SequentialLegs): bigint => {
    const reserves = pools.map((p) => [p.reserve0, p.reserve1])
    let total = 0n
    for (const leg of legs) {
      let amount = leg.amountIn
      for (const e of leg.edges) {
        const p = graph.edgePool[e]!
        const zeroForOne = graph.edgeTail[e] === tok(Number.parseInt(pools[p]!.tokens[0]!.slice(4), 16))
        const [i, o] = zeroForOne ? [0, 1] : [1, 0]
        const out = getAmountOut({ amountIn: amount, reserveIn: reserves[p]![i]!, reserveOut: reserves[p]![o]!, feeBps: 30 })
        if (out > 0n) {
          reserves[p]![i]! += amount
          reserves[p]![o]! -= out
        }
        amount = out
      }
      total += amount
    }
    return total
  }
  const run: SplitRouteFixture['run'] = (parameters) => {
    const { amountIn, maxSplits, maxHops = 2, gasPriceWad = 0n, mask = allSplitRouteAdaptersEnabled, chunks, gasBoundSkip } = parameters
    const single = findBestPath(context, { source: tok(0), target: tok(1), amountIn, maxHops, mask, gasPriceWad, states }).best!
    return findSplitRoute(context, { source: tok(0), target: tok(1), amountIn, maxHops, maxSplits, mask, gasPriceWad, states, single: single.edges, chunks, gasBoundSkip })
  }
  return { graph, tok, edge, sequential, run }
}
