import type { PoolSnapshotBase } from '../types.js'
import type { AmpRamp, StableSwapMathVariant } from './stableSwapMath.js'

/**
 * A metapool's base pool (a 3pool-generation pool whose LP token is the metapool's coin 1), read at the
 * same block: what `exchange_underlying`, the Deposit zap and the virtual price need.
 */
export type CurveBasePoolState = {
  /** `base_pool()`. */
  address: string
  balances: readonly bigint[]
  rates: readonly bigint[]
  ramp: AmpRamp
  fee: bigint
  adminFee: bigint
  /** The base LP token's (3Crv's) `totalSupply()`. */
  totalSupply: bigint
}

/**
 * What makes a snapshot a metapool's (variant `meta`): its base pool, the cached base virtual price
 * (`base_virtual_price`, `base_cache_updated`: the rate of coin 1 until 10 minutes have passed) and the
 * Deposit zap. `tokens` then lists the base pool's coins after the LP token (`tokens[n + 1 + k]` is
 * `base_coins(k)`, underlying index `1 + k`).
 */
export type CurveMetaState = {
  base: CurveBasePoolState
  baseVirtualPrice: bigint
  baseCacheUpdated: bigint
  /** The metapool's Deposit zap, where the book knows it (its deposit and redeem edges need it). */
  zap?: string | undefined
}

/**
 * A coin whose balance is shares times a rate (Lido's stETH): a transfer of `amount` moves
 * `floor(amount * totalShares / totalPooledEther)` shares, and the pool's balance is
 * `floor(poolShares * totalPooledEther / totalShares)`, so what arrives or leaves can differ from the
 * amount named by a wei or two. Kept so the state after a trade is the pool's to the wei.
 */
export type CurveSharesCoin = { index: number; totalPooledEther: bigint; totalShares: bigint; poolShares: bigint }

/**
 * State of one Curve StableSwap pool at a block. `tokens` is the pool's coins in `coins(i)` order
 * followed by its LP token, so the LP token's index is `balances.length`; a native coin (0xEeee…EEeE in
 * the pool) is WETH there, as every native leg is to the engine.
 */
export type CurveStableSwapSnapshot = PoolSnapshotBase & {
  protocol: 'curve'
  /** `balances(i)`: the pool's accounted balances, raw coin units (admin fees excluded). */
  balances: readonly bigint[]
  /** Per coin `10^(36 - decimals)`: the pool's RATES (`PRECISION_MUL * 1e18`). */
  rates: readonly bigint[]
  /** `initial_A`, `future_A`, `initial_A_time`, `future_A_time`. */
  ramp: AmpRamp
  /** Block timestamp A is evaluated at (`_A()` reads `block.timestamp`). */
  timestamp: bigint
  /** `fee()`, in 1e10 units (1e6 = 0.01%). */
  fee: bigint
  /** `admin_fee()`, in 1e10 units: the share of each fee that leaves `balances`. */
  adminFee: bigint
  /** The LP token's `totalSupply()`. */
  totalSupply: bigint
  /** The pool's generation where it is not the 3pool's (see {@link StableSwapMathVariant}). */
  variant?: StableSwapMathVariant
  /** Index of the coin the pool holds as the native coin (paid with `msg.value`, paid out by a raw call). */
  nativeCoin?: number | undefined
  /**
   * stableswap-ng (`variant` `ng`): `offpeg_fee_multiplier()`, in 1e10 units; above 1e10 fees rise as the
   * pool leaves its peg (`_dynamic_fee`). `rates` are then the pool's `stored_rates()` (oracle or
   * ERC-4626 rates included), `adminFee` its constant 50%, and the LP token is the pool itself.
   */
  offpegFeeMultiplier?: bigint | undefined
  /** The coin whose balance is shares (stETH), for pools that read their balances from what they hold. */
  sharesCoin?: CurveSharesCoin | undefined
  /** A metapool's base pool and rate cache (variant `meta`). */
  meta?: CurveMetaState | undefined
}
