import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, SwapReturnType } from '../types.js'
import { getAmountOut } from './quote.js'
import type { UniswapV2PoolSnapshot } from './types.js'
import { encodeUniswapV2Step } from './encode.js'

export type { UniswapV2PoolSnapshot } from './types.js'

const edges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
]

function reservesOf(snapshot: UniswapV2PoolSnapshot, edge: PoolEdge): [bigint, bigint] {
  return edge.tokenInIndex === 0 ? [snapshot.reserve0, snapshot.reserve1] : [snapshot.reserve1, snapshot.reserve0]
}

function quote(snapshot: UniswapV2PoolSnapshot, { edge, amountIn }: QuoteParameters): bigint {
  const [reserveIn, reserveOut] = reservesOf(snapshot, edge)
  return getAmountOut({ amountIn, reserveIn, reserveOut, feeBps: snapshot.feeBps })
}

function swap(snapshot: UniswapV2PoolSnapshot, parameters: QuoteParameters): SwapReturnType<UniswapV2PoolSnapshot> {
  const amountOut = quote(snapshot, parameters)
  if (amountOut === 0n) return { amountOut, snapshot }
  // The whole input, fee included, stays in the pair.
  const next =
    parameters.edge.tokenInIndex === 0
      ? { ...snapshot, reserve0: snapshot.reserve0 + parameters.amountIn, reserve1: snapshot.reserve1 - amountOut }
      : { ...snapshot, reserve1: snapshot.reserve1 + parameters.amountIn, reserve0: snapshot.reserve0 - amountOut }
  return { amountOut, snapshot: next }
}

function getFloatModel(snapshot: UniswapV2PoolSnapshot, edge: PoolEdge): FloatModel {
  const [reserveIn, reserveOut] = reservesOf(snapshot, edge)
  return {
    kind: 'constantProduct',
    reserveIn: Number(reserveIn),
    reserveOut: Number(reserveOut),
    gamma: (10_000 - snapshot.feeBps) / 10_000,
  }
}

/** Uniswap V2 and its forks: constant-product pairs, one adapter for every fork instance. */
export const uniswapV2Adapter: ProtocolAdapter<UniswapV2PoolSnapshot> = {
  slug: 'uniswap-v2',
  standard: 'uniswap-v2',
  actions: ['swap'],
  isAggregator: false,
  gasPerHop: 60_000n,
  getEdges: () => edges,
  quote,
  swap,
  getFloatModel,
  getStepData: (snapshot) => ({ feeBps: snapshot.feeBps }),
  encode: encodeUniswapV2Step,
}
