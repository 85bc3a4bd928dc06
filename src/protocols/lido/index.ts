import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, SwapReturnType } from '../types.js'
import { encodeLidoStep } from './encode.js'
import { quoteStake, quoteUnwrap, quoteWrap, sharesByPooledEth } from './quote.js'
import type { LidoSnapshot } from './types.js'

export type { LidoSnapshot } from './types.js'

// Staking: [weth, stETH]. Unstaking goes through Lido's withdrawal queue (days), so it is not an
// edge: selling stETH is a swap elsewhere. Wrapper: [stETH, wstETH].
const stakingEdges: readonly PoolEdge[] = [{ tokenInIndex: 0, tokenOutIndex: 1, action: 'stake' }]
const wrapperEdges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'wrap' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'unwrap' },
]

function quote(snapshot: LidoSnapshot, { edge, amountIn }: QuoteParameters): bigint {
  if (edge.action === 'stake') return quoteStake(snapshot, amountIn)
  if (edge.action === 'wrap') return quoteWrap(snapshot, amountIn)
  return quoteUnwrap(snapshot, amountIn)
}

function swap(snapshot: LidoSnapshot, parameters: QuoteParameters): SwapReturnType<LidoSnapshot> {
  const amountOut = quote(snapshot, parameters)
  if (amountOut === 0n || parameters.edge.action !== 'stake') return { amountOut, snapshot }
  // Staking mints shares at the current rate; wrapping only moves shares between holders.
  const shares = sharesByPooledEth(snapshot, parameters.amountIn)
  return { amountOut, snapshot: { ...snapshot, totalPooledEther: snapshot.totalPooledEther + parameters.amountIn, totalShares: snapshot.totalShares + shares } }
}

function getFloatModel(snapshot: LidoSnapshot, edge: PoolEdge): FloatModel {
  const perShare = Number(snapshot.totalPooledEther) / Math.max(1, Number(snapshot.totalShares))
  const rate = edge.action === 'wrap' ? 1 / perShare : edge.action === 'unwrap' ? perShare : 1
  return { kind: 'custom', quote: (amountIn) => amountIn * rate * (1 + 1e-12) }
}

/** Liquid staking with Lido's interface: stake ETH (from WETH) for stETH, wrap/unwrap wstETH. */
export const lidoAdapter: ProtocolAdapter<LidoSnapshot> = {
  slug: 'lido',
  standard: 'lido',
  actions: ['stake', 'wrap', 'unwrap'],
  isAggregator: false,
  gasPerHop: 90_000n,
  getEdges: (snapshot) => (snapshot.kind === 'staking' ? stakingEdges : wrapperEdges),
  quote,
  swap,
  getFloatModel,
  getStepData: (snapshot, edge) => ({ action: edge.action, stETH: snapshot.stETH, wstETH: snapshot.wstETH }),
  encode: encodeLidoStep,
}
