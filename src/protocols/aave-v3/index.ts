import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, SwapReturnType } from '../types.js'
import { encodeAaveV3Step } from './encode.js'
import { normalizedIncome, quoteSupply, quoteWithdraw, rayDiv, supplyRoom } from './quote.js'
import type { AaveV3ReserveSnapshot } from './types.js'

export type { AaveV3ReserveSnapshot } from './types.js'

const edges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'supply' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'withdraw' },
]

const isSupply = (edge: PoolEdge) => edge.tokenInIndex === 0

function quote(snapshot: AaveV3ReserveSnapshot, { edge, amountIn }: QuoteParameters): bigint {
  return isSupply(edge) ? quoteSupply(snapshot, amountIn) : quoteWithdraw(snapshot, amountIn)
}

function swap(snapshot: AaveV3ReserveSnapshot, parameters: QuoteParameters): SwapReturnType<AaveV3ReserveSnapshot> {
  const amountOut = quote(snapshot, parameters)
  if (amountOut === 0n) return { amountOut, snapshot }
  // The pool first brings the index up to the block's time (it stays there for the rest of the
  // block), then mints or burns scaled units and moves the asset in or out.
  const index = normalizedIncome(snapshot)
  const supply = isSupply(parameters.edge)
  const scaled = rayDiv(supply ? parameters.amountIn : amountOut, index)
  return {
    amountOut,
    snapshot: {
      ...snapshot,
      liquidityIndex: index,
      lastUpdateTimestamp: snapshot.timestamp,
      scaledTotalSupply: supply ? snapshot.scaledTotalSupply + scaled : snapshot.scaledTotalSupply - scaled,
      availableLiquidity: supply ? snapshot.availableLiquidity + parameters.amountIn : snapshot.availableLiquidity - amountOut,
    },
  }
}

function getFloatModel(snapshot: AaveV3ReserveSnapshot, edge: PoolEdge): FloatModel {
  // 1:1 at the index; the exact supply output can round 1 wei above the input, hence the +1.
  // Limits (supply cap, withdrawable liquidity) cap the amount so the model stays monotone.
  const room = isSupply(edge) ? supplyRoom(snapshot) : snapshot.availableLiquidity
  const cap = room === undefined ? Number.POSITIVE_INFINITY : Number(room)
  return { kind: 'custom', quote: (amountIn) => (amountIn > 0 ? Math.min(amountIn, cap) * (1 + 1e-12) + 1 : 0) }
}

/**
 * Aave V3 lending pools: supply the asset for aTokens (interest-bearing, 1:1 with the asset at the
 * liquidity index) and withdraw aTokens for the asset. One adapter for every reserve.
 */
export const aaveV3Adapter: ProtocolAdapter<AaveV3ReserveSnapshot> = {
  slug: 'aave-v3',
  standard: 'aave-v3',
  actions: ['supply', 'withdraw'],
  isAggregator: false,
  gasPerHop: 180_000n,
  getEdges: () => edges,
  quote,
  swap,
  getFloatModel,
  getStepData: (snapshot, edge) => ({ action: isSupply(edge) ? 'supply' : 'withdraw', pool: snapshot.pool }),
  encode: encodeAaveV3Step,
}
