import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, SwapReturnType } from '../types.js'
import { quoteWeightedSwap } from './quote.js'
import type { BalancerV2WeightedPoolSnapshot } from './types.js'
import { encodeBalancerV2Step } from './encode.js'

export type { BalancerV2WeightedPoolSnapshot } from './types.js'

function getEdges(snapshot: BalancerV2WeightedPoolSnapshot): readonly PoolEdge[] {
  const edges: PoolEdge[] = []
  for (let i = 0; i < snapshot.tokens.length; i++)
    for (let j = 0; j < snapshot.tokens.length; j++) if (i !== j) edges.push({ tokenInIndex: i, tokenOutIndex: j, action: 'swap' })
  return edges
}

function quote(snapshot: BalancerV2WeightedPoolSnapshot, { edge, amountIn }: QuoteParameters): bigint {
  const i = edge.tokenInIndex
  const o = edge.tokenOutIndex
  return quoteWeightedSwap({
    balanceIn: snapshot.balances[i]!,
    balanceOut: snapshot.balances[o]!,
    weightIn: snapshot.weights[i]!,
    weightOut: snapshot.weights[o]!,
    decimalsIn: snapshot.decimals[i]!,
    decimalsOut: snapshot.decimals[o]!,
    swapFee: snapshot.swapFee,
    amountIn,
  })
}

function swap(snapshot: BalancerV2WeightedPoolSnapshot, parameters: QuoteParameters): SwapReturnType<BalancerV2WeightedPoolSnapshot> {
  const amountOut = quote(snapshot, parameters)
  if (amountOut === 0n) return { amountOut, snapshot }
  const balances = [...snapshot.balances]
  // The fee stays in the pool balance (protocol fees are minted as BPT later, not taken from balances).
  balances[parameters.edge.tokenInIndex] = balances[parameters.edge.tokenInIndex]! + parameters.amountIn
  balances[parameters.edge.tokenOutIndex] = balances[parameters.edge.tokenOutIndex]! - amountOut
  return { amountOut, snapshot: { ...snapshot, balances } }
}

function getFloatModel(snapshot: BalancerV2WeightedPoolSnapshot, edge: PoolEdge): FloatModel {
  const balanceIn = Number(snapshot.balances[edge.tokenInIndex]!)
  const balanceOut = Number(snapshot.balances[edge.tokenOutIndex]!)
  const exponent = Number(snapshot.weights[edge.tokenInIndex]!) / Number(snapshot.weights[edge.tokenOutIndex]!)
  const gamma = 1 - Number(snapshot.swapFee) / 1e18
  return {
    kind: 'custom',
    quote: (amountIn) => {
      // Past the 30% max-in ratio the pool reverts (exact quote 0n). The model stays monotone and an
      // upper estimate by capping the input there instead of dropping to 0.
      const net = Math.min(amountIn * gamma, balanceIn * 0.3 * (1 + 1e-9))
      if (!(net > 0)) return 0
      return balanceOut * -Math.expm1(exponent * Math.log(balanceIn / (balanceIn + net)))
    },
  }
}

/** Balancer V2 weighted pools (2-8 tokens, any weights), swapped through the Vault. */
export const balancerV2Adapter: ProtocolAdapter<BalancerV2WeightedPoolSnapshot> = {
  slug: 'balancer-v2',
  standard: 'balancer-v2-weighted',
  actions: ['swap'],
  isAggregator: false,
  gasPerHop: 90_000n,
  getEdges,
  quote,
  swap,
  getFloatModel,
  getStepData: (snapshot) => ({ poolId: snapshot.poolId }),
  encode: encodeBalancerV2Step,
}
