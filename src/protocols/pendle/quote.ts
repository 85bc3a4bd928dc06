import { previewDeposit, previewRedeem } from '../erc4626/quote.js'
import type { PoolEdge, QuoteParameters, SwapReturnType } from '../types.js'
import { addLiquiditySingleSy } from './addLiquiditySingleSy.js'
import { maxPtOutForSy, PendleMathRevert, removeLiquidity, swapExactPtForSy } from './marketMath.js'
import type { PendleMarketSnapshot } from './types.js'

/** Token indices of a market snapshot's `tokens`. */
export const ASSET = 0
export const SY = 1
export const PT = 2
export const LP = 3

const ONE = 10n ** 18n

type Vault = Pick<PendleMarketSnapshot, 'vaultTotalAssets' | 'vaultTotalSupply' | 'vaultDecimalsOffset'>
const asVault = (s: Vault) => ({ totalAssets: s.vaultTotalAssets, totalSupply: s.vaultTotalSupply, decimalsOffset: s.vaultDecimalsOffset })

/** The SY's `exchangeRate()`: its vault's `convertToAssets(1e18)`, rounded down. */
export function exchangeRateOf(s: Vault): bigint {
  return (ONE * (s.vaultTotalAssets + 1n)) / (s.vaultTotalSupply + 10n ** BigInt(s.vaultDecimalsOffset))
}

/** The PY index the market trades at: the YT's `pyIndexCurrent()`, `max(SY.exchangeRate(), pyIndexStored)`. */
export function pyIndexOf(s: PendleMarketSnapshot): bigint {
  const rate = exchangeRateOf(s)
  return rate > s.pyIndexStored ? rate : s.pyIndexStored
}

/** The time a quote prices at: the next block, one second after the snapshot's (the devnet's clock). */
export const tradeTimeOf = (s: PendleMarketSnapshot) => s.timestamp + 1n

/**
 * The operation an edge runs, its output and the snapshot after; undefined where the contracts revert
 * or pay nothing.
 * - asset → SY (`deposit`): `SY.deposit(asset)`, the vault's `deposit`, one SY a share;
 * - SY → asset (`redeem`): `SY.redeem(asset)`, the vault's `redeem`;
 * - PT → SY (`swap`): `market.swapExactPtForSy`;
 * - SY → PT (`swap`): `market.swapSyForExactPt` for the most PT the SY pays for;
 * - LP → SY (`redeem`): `market.burn` with the PT left in the market, then `swapExactPtForSy` of that PT;
 * - SY → LP (`deposit`): single-sided liquidity ({@link addLiquiditySingleSy}): part of the SY buys PT
 *   for the market itself, `market.mint` with the rest and that PT;
 * - asset → PT, PT → asset, LP → asset, asset → LP: the above through the SY, one after the other.
 */
export function runEdge(s: PendleMarketSnapshot, { edge, amountIn }: QuoteParameters): SwapReturnType<PendleMarketSnapshot> | undefined {
  if (amountIn <= 0n) return undefined
  const from = edge.tokenInIndex
  const to = edge.tokenOutIndex
  try {
    if (from === ASSET && to === SY) {
      const shares = previewDeposit(asVault(s), amountIn)
      if (shares === 0n) return undefined
      return { amountOut: shares, snapshot: { ...s, vaultTotalAssets: s.vaultTotalAssets + amountIn, vaultTotalSupply: s.vaultTotalSupply + shares } }
    }
    if (from === SY && to === ASSET) {
      const assets = previewRedeem(asVault(s), amountIn)
      if (assets === 0n) return undefined
      return { amountOut: assets, snapshot: { ...s, vaultTotalAssets: s.vaultTotalAssets - assets, vaultTotalSupply: s.vaultTotalSupply - amountIn } }
    }
    const index = pyIndexOf(s)
    const time = tradeTimeOf(s)
    if (from === PT && to === SY) {
      const r = swapExactPtForSy(s.market, index, amountIn, time)
      if (r.netSyToAccount === 0n) return undefined
      return { amountOut: r.netSyToAccount, snapshot: { ...s, market: r.state, pyIndexStored: index } }
    }
    if (from === SY && to === PT) {
      const r = maxPtOutForSy(s.market, index, amountIn, time)
      if (!r) return undefined
      return { amountOut: r.ptOut, snapshot: { ...s, market: r.state, pyIndexStored: index } }
    }
    if (from === LP && to === SY) {
      if (amountIn > s.market.totalLp) return undefined
      const burnt = removeLiquidity(s.market, amountIn)
      if (burnt.ptOut === 0n) return { amountOut: burnt.syOut, snapshot: { ...s, market: burnt.state } }
      const sold = swapExactPtForSy(burnt.state, index, burnt.ptOut, time)
      return { amountOut: burnt.syOut + sold.netSyToAccount, snapshot: { ...s, market: sold.state, pyIndexStored: index } }
    }
    if (from === SY && to === LP) {
      const plan = addLiquiditySingleSy(s.market, { index, syIn: amountIn, blockTime: time })
      if (!plan) return undefined
      return { amountOut: plan.lpOut, snapshot: { ...s, market: plan.state, pyIndexStored: index } }
    }
    if (from === ASSET && to === PT) return chain(s, [[ASSET, SY], [SY, PT]], amountIn)
    if (from === ASSET && to === LP) return chain(s, [[ASSET, SY], [SY, LP]], amountIn)
    if (from === PT && to === ASSET) return chain(s, [[PT, SY], [SY, ASSET]], amountIn)
    if (from === LP && to === ASSET) return chain(s, [[LP, SY], [SY, ASSET]], amountIn)
    return undefined
  } catch (error) {
    if (error instanceof PendleMathRevert) return undefined
    throw error
  }
}

/** Two edges run one after the other, each on the state the first leaves: one step of the route (a path may use a pool once). */
function chain(s: PendleMarketSnapshot, hops: readonly (readonly [number, number])[], amountIn: bigint): SwapReturnType<PendleMarketSnapshot> | undefined {
  let result: SwapReturnType<PendleMarketSnapshot> = { amountOut: amountIn, snapshot: s }
  for (const [tokenInIndex, tokenOutIndex] of hops) {
    const next = runEdge(result.snapshot, { edge: { tokenInIndex, tokenOutIndex, action: 'swap' }, amountIn: result.amountOut })
    if (!next) return undefined
    result = next
  }
  return result
}

/**
 * The single-sided liquidity a step through SY → LP (or asset → LP, the asset deposited first) of
 * `amountIn` runs: the SY sent, the PT bought for the market and the SY that purchase takes.
 * @returns undefined where the edge mints nothing
 */
export function lpDepositPlanOf(s: PendleMarketSnapshot, fromAsset: boolean, amountIn: bigint): { syIn: bigint; ptFromSwap: bigint; syForSwap: bigint } | undefined {
  let at = s
  let syIn = amountIn
  if (fromAsset) {
    const deposited = runEdge(s, { edge: { tokenInIndex: ASSET, tokenOutIndex: SY, action: 'deposit' }, amountIn })
    if (!deposited) return undefined
    at = deposited.snapshot
    syIn = deposited.amountOut
  }
  const plan = addLiquiditySingleSy(at.market, { index: pyIndexOf(at), syIn, blockTime: tradeTimeOf(at) })
  return plan && { syIn, ptFromSwap: plan.ptFromSwap, syForSwap: plan.syForSwap }
}

/**
 * Every edge of a market: asset ↔ SY (deposit, redeem), SY ↔ PT (swap), LP → SY (redeem) and SY → LP
 * (deposit), then the asset ↔ PT, LP → asset and asset → LP compositions through the SY as single edges
 * (a route's path visits a pool once, so asset → SY → PT as two hops of the same market would never be found).
 */
export const pendleEdges: readonly PoolEdge[] = [
  { tokenInIndex: ASSET, tokenOutIndex: SY, action: 'deposit' },
  { tokenInIndex: SY, tokenOutIndex: ASSET, action: 'redeem' },
  { tokenInIndex: SY, tokenOutIndex: PT, action: 'swap' },
  { tokenInIndex: PT, tokenOutIndex: SY, action: 'swap' },
  { tokenInIndex: LP, tokenOutIndex: SY, action: 'redeem' },
  { tokenInIndex: SY, tokenOutIndex: LP, action: 'deposit' },
  { tokenInIndex: ASSET, tokenOutIndex: PT, action: 'swap' },
  { tokenInIndex: PT, tokenOutIndex: ASSET, action: 'swap' },
  { tokenInIndex: LP, tokenOutIndex: ASSET, action: 'redeem' },
  { tokenInIndex: ASSET, tokenOutIndex: LP, action: 'deposit' },
]
