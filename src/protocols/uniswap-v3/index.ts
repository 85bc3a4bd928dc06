import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, SwapReturnType } from '../types.js'
import { quoteExactInput } from './quote.js'
import { quoteFloat } from './quoteFloat.js'
import type { UniswapV3PoolSnapshot } from './types.js'
import { encodeUniswapV3Step } from './encode.js'

export type { UniswapV3PoolSnapshot, UniswapV3Tick } from './types.js'

const edges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
]

function swap(snapshot: UniswapV3PoolSnapshot, { edge, amountIn }: QuoteParameters): SwapReturnType<UniswapV3PoolSnapshot> {
  const result = quoteExactInput(snapshot, { zeroForOne: edge.tokenInIndex === 0, amountIn })
  if (result.status !== 'ok') return { amountOut: 0n, snapshot }
  return {
    amountOut: result.amountOut,
    snapshot: { ...snapshot, sqrtPriceX96: result.sqrtPriceX96, tick: result.tick, liquidity: result.liquidity },
  }
}

function getFloatModel(snapshot: UniswapV3PoolSnapshot, edge: PoolEdge): FloatModel {
  const zeroForOne = edge.tokenInIndex === 0
  return { kind: 'custom', quote: (amountIn) => quoteFloat(snapshot, { zeroForOne, amountIn }) }
}

/** Uniswap V3 concentrated-liquidity pools (and bit-identical forks). */
export const uniswapV3Adapter: ProtocolAdapter<UniswapV3PoolSnapshot> = {
  slug: 'uniswap-v3',
  standard: 'uniswap-v3',
  actions: ['swap'],
  isAggregator: false,
  gasPerHop: 110_000n,
  getEdges: () => edges,
  quote: (snapshot, { edge, amountIn }) => quoteExactInput(snapshot, { zeroForOne: edge.tokenInIndex === 0, amountIn }).amountOut,
  swap,
  getFloatModel,
  getStepData: (snapshot) => ({ fee: snapshot.fee }),
  encode: encodeUniswapV3Step,
}
