import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, StepData, SwapReturnType } from '../types.js'
import type { UniswapV3Fork } from './config.js'
import { encodeUniswapV3Step } from './encode.js'
import { encodeUniswapV3ForkStep } from './encodeUniswapV3ForkStep.js'
import { quoteExactInput } from './quote.js'
import { createQuoteFloat } from './createQuoteFloat.js'
import type { UniswapV3PoolSnapshot } from './types.js'

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
  return { kind: 'custom', quote: createQuoteFloat(snapshot, zeroForOne) }
}

function getStepData(snapshot: UniswapV3PoolSnapshot): StepData {
  return snapshot.poolDeployer === undefined ? { fee: snapshot.fee } : { fee: snapshot.fee, poolDeployer: snapshot.poolDeployer }
}

/**
 * The Uniswap V3 adapter for one row of the fork table (`uniswapV3Forks`): the same edges, exact quote and
 * float model for every fork (their pools run Uniswap V3's swap math), the row's slug as slug and standard
 * (so `ignoreStandards` can leave out one fork), and the hop encoded the way the row says (`swapVia`).
 * @returns the adapter serving snapshots whose `protocol` is the row's slug
 */
export function createUniswapV3Adapter(fork: Pick<UniswapV3Fork, 'slug' | 'swapVia'>): ProtocolAdapter<UniswapV3PoolSnapshot> {
  return {
    slug: fork.slug,
    standard: fork.slug,
    actions: ['swap'],
    isAggregator: false,
    gasPerHop: 110_000n,
    getEdges: () => edges,
    quote: (snapshot, { edge, amountIn }) => quoteExactInput(snapshot, { zeroForOne: edge.tokenInIndex === 0, amountIn }).amountOut,
    swap,
    getFloatModel,
    getStepData,
    encode: fork.swapVia === 'swapRouter02' ? encodeUniswapV3Step : encodeUniswapV3ForkStep,
  }
}
