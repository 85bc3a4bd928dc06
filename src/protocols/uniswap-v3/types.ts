import type { Address } from 'viem'
import type { PoolSnapshotBase } from '../types.js'
import type { UniswapV3ForkSlug } from './config.js'

/** One initialized tick: where `liquidityNet` is added when the price crosses it upward. */
export type UniswapV3Tick = {
  /** Tick index (a multiple of `tickSpacing`). */
  index: number
  /** `ticks(index).liquidityNet` (int128). */
  liquidityNet: bigint
}

/**
 * The concentrated-liquidity state the swap math reads (Uniswap V3 pools, and V4 pools, whose swap loop
 * is the same: `quoteExactInput` and `quoteFloat` take any object of this shape).
 */
export type ConcentratedLiquidityState = {
  /** `slot0.sqrtPriceX96`. */
  sqrtPriceX96: bigint
  /** `slot0.tick`. */
  tick: number
  /** In-range `liquidity()`. */
  liquidity: bigint
  /** Fee the swap charges, in hundredths of a bip (500, 3000, 10000). */
  fee: number
  /** `tickSpacing()`. */
  tickSpacing: number
  /** Every initialized tick inside `tickWindow`, sorted by index ascending. */
  ticks: readonly UniswapV3Tick[]
  /**
   * Inclusive tick range the loader scanned (whole bitmap words). Outside it the initialized ticks are
   * unknown, so a swap that must look past it cannot be quoted exactly.
   */
  tickWindow: { lower: number; upper: number }
}

/** State of one Uniswap V3 pool (or a fork's, by `protocol`) at a block. `tokens` is `[token0, token1]`. */
export type UniswapV3PoolSnapshot = PoolSnapshotBase & ConcentratedLiquidityState & {
  protocol: UniswapV3ForkSlug
  /**
   * The fork's pool deployer on the snapshot's chain (`uniswapV3Forks`), for forks swapped through
   * `SwitchyardUniswapV3ForkHelper`, which derives the pool from it; absent for Uniswap V3's own pools.
   */
  poolDeployer?: Address | undefined
}
