import type { FloatModel, PoolEdge, ProtocolAdapter, QuoteParameters, SwapReturnType } from '../types.js'
import { encodeErc4626Step } from './encode.js'
import { previewDeposit, previewRedeem } from './quote.js'
import type { Erc4626VaultSnapshot } from './types.js'

export type { Erc4626VaultSnapshot } from './types.js'

const edges: readonly PoolEdge[] = [
  { tokenInIndex: 0, tokenOutIndex: 1, action: 'deposit' },
  { tokenInIndex: 1, tokenOutIndex: 0, action: 'redeem' },
]

const isDeposit = (edge: PoolEdge) => edge.tokenInIndex === 0

function quote(snapshot: Erc4626VaultSnapshot, { edge, amountIn }: QuoteParameters): bigint {
  return isDeposit(edge) ? previewDeposit(snapshot, amountIn) : previewRedeem(snapshot, amountIn)
}

function swap(snapshot: Erc4626VaultSnapshot, parameters: QuoteParameters): SwapReturnType<Erc4626VaultSnapshot> {
  const amountOut = quote(snapshot, parameters)
  if (amountOut === 0n) return { amountOut, snapshot }
  const next = isDeposit(parameters.edge)
    ? { ...snapshot, totalAssets: snapshot.totalAssets + parameters.amountIn, totalSupply: snapshot.totalSupply + amountOut }
    : { ...snapshot, totalAssets: snapshot.totalAssets - amountOut, totalSupply: snapshot.totalSupply - parameters.amountIn }
  return { amountOut, snapshot: next }
}

function getFloatModel(snapshot: Erc4626VaultSnapshot, edge: PoolEdge): FloatModel {
  // Linear at the vault's exchange rate: exact outputs round down from it, so it is an upper estimate.
  const virtualShares = Number(snapshot.totalSupply) + 10 ** snapshot.decimalsOffset
  const assets = Number(snapshot.totalAssets) + 1
  const rate = isDeposit(edge) ? virtualShares / assets : assets / virtualShares
  const cap = isDeposit(edge) ? Number.POSITIVE_INFINITY : Number(snapshot.totalSupply)
  return { kind: 'custom', quote: (amountIn) => Math.min(amountIn, cap) * rate * (1 + 1e-12) }
}

/**
 * ERC-4626 tokenized vaults: deposit the asset for shares, redeem shares for the asset, at the vault's
 * exchange rate (no price impact). One adapter for every vault.
 */
export const erc4626Adapter: ProtocolAdapter<Erc4626VaultSnapshot> = {
  slug: 'erc4626',
  standard: 'erc4626',
  actions: ['deposit', 'redeem'],
  isAggregator: false,
  gasPerHop: 70_000n,
  getEdges: () => edges,
  quote,
  swap,
  getFloatModel,
  getStepData: (_snapshot, edge) => ({ action: isDeposit(edge) ? 'deposit' : 'redeem' }),
  encode: encodeErc4626Step,
}
