import type { PoolSnapshotBase } from '../types.js'

/**
 * The state of a Curve twocrypto-ng pool that its math reads, as the pool's own getters return it
 * (`packed_fee_params` and `packed_rebalancing_params` unpacked; `ma_time` is the stored value, not the
 * `ma_time()` getter's `* 694 / 1000`).
 */
export type CurveTwocryptoState = {
  /** `balances(i)`, raw coin units. */
  balances: readonly bigint[]
  /** `precisions()`: `10^(18 - decimals)` per coin. */
  precisions: readonly bigint[]
  /** `A()` (A * N^N * 10000) and `gamma()`. */
  A: bigint
  gamma: bigint
  /** `D()`. */
  D: bigint
  /** `price_scale()`: coin 1 in coin 0, 1e18. */
  priceScale: bigint
  /**
   * `price_oracle()` as of `oracleTimestamp`: the pool's cached EMA moved to that time (equal to the cache
   * when `oracleTimestamp` is `lastTimestamp`).
   */
  priceOracle: bigint
  /** The block timestamp `priceOracle` is as of. */
  oracleTimestamp: bigint
  /** `last_prices()`. */
  lastPrices: bigint
  /** `last_timestamp()`. */
  lastTimestamp: bigint
  /** `future_A_gamma_time()`: a ramp in progress when later than the block. */
  futureAGammaTime: bigint
  /** Fee parameters, 1e10 units (`mid_fee`, `out_fee`) and 1e18 (`fee_gamma`). */
  midFee: bigint
  outFee: bigint
  feeGamma: bigint
  /** Rebalancing parameters: `allowed_extra_profit`, `adjustment_step` (1e18) and the stored `ma_time` (seconds / ln 2). */
  allowedExtraProfit: bigint
  adjustmentStep: bigint
  maTime: bigint
  /** `xcp_profit()`, `virtual_price()`. */
  xcpProfit: bigint
  virtualPrice: bigint
  /** The LP token's `totalSupply()` (the pool is its own LP token). */
  totalSupply: bigint
  /** LP the admin is owed from deposit fees (not readable through the ABI; it only matters to claims, which the model leaves out). */
  adminLpVirtualBalance: bigint
  /** Timestamp of the block the state was read at. */
  timestamp: bigint
}

/**
 * A twocrypto-ng pool as the engine sees it: `tokens` are its two coins and then the pool itself (its
 * own LP token). `spent` marks a state after a trade of the route whose `tweak_price` weighed a price_scale
 * move: that reads the EMA oracle at the block's timestamp, which the engine does not know when it quotes,
 * so the pool takes no further trade in the route.
 */
export type CurveTwocryptoSnapshot = PoolSnapshotBase & CurveTwocryptoState & {
  protocol: 'curve'
  kind: 'twocrypto'
  spent?: boolean | undefined
}
