import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import { createQuoteFloat } from '../uniswap-v3/createQuoteFloat.js'
import { encodeUniswapV4Step } from './encode.js'
import { quoteExactInputV4 } from './quote.js'
import { swapFeeOf } from './swapFeeOf.js'
import type { UniswapV4PoolSnapshot } from './types.js'

export type { UniswapV4PoolSnapshot } from './types.js'

const edges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'swap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'swap' },
]

function swap(snapshot: UniswapV4PoolSnapshot, { edge, amountIn }: QuoteParameters): SwapReturnType<UniswapV4PoolSnapshot> {
  const result = quoteExactInputV4(snapshot, { zeroForOne: edge.tokenInIndex === 0, amountIn })
  if (result.status !== 'ok') return { amountOut: 0n, snapshot }
  return {
    amountOut: result.amountOut,
    snapshot: { ...snapshot, sqrtPriceX96: result.sqrtPriceX96, tick: result.tick, liquidity: result.liquidity },
  }
}

function getFloatModel(snapshot: UniswapV4PoolSnapshot, edge: PoolEdge): FloatModel {
  const zeroForOne = edge.tokenInIndex === 0
  const state = { ...snapshot, fee: swapFeeOf(snapshot, zeroForOne) }
  return { kind: 'custom', quote: createQuoteFloat(state, zeroForOne) }
}

function getStepData(snapshot: UniswapV4PoolSnapshot, edge: PoolEdge): StepData {
  return {
    currency0: snapshot.currency0,
    currency1: snapshot.currency1,
    fee: snapshot.keyFee,
    tickSpacing: snapshot.tickSpacing,
    hooks: '0x0000000000000000000000000000000000000000',
    zeroForOne: edge.tokenInIndex === 0,
  }
}

/**
 * Hookless Uniswap V4 pools (the PoolManager singleton): the V3 swap math with V4's fee, swapped through our
 * unlock-callback helper. Native-currency pools are WETH edges to the engine.
 */
export const uniswapV4Adapter: ProtocolAdapter<UniswapV4PoolSnapshot> = {
  slug: 'uniswap-v4',
  standard: 'uniswap-v4',
  actions: ['swap'],
  isAggregator: false,
  gasPerHop: 130_000n,
  getEdges: () => edges,
  quote: (snapshot, { edge, amountIn }) => quoteExactInputV4(snapshot, { zeroForOne: edge.tokenInIndex === 0, amountIn }).amountOut,
  swap,
  getFloatModel,
  getStepData,
  encode: encodeUniswapV4Step,
}
