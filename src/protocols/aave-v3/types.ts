import type { Address } from 'viem'
import type { PoolSnapshotBase } from '../types.js'

/**
 * State of one Aave V3 reserve at a block. `address` is the aToken, `tokens` is `[asset, aToken]`.
 * Amounts are raw (asset decimals); indexes and rates are rays (1e27).
 */
export type AaveV3ReserveSnapshot = PoolSnapshotBase & {
  protocol: 'aave-v3'
  /** The Pool (proxy) that supplies and withdraws. */
  pool: Address
  asset: Address
  aToken: Address
  /** Timestamp of `blockNumber`: the time quotes accrue interest to. */
  timestamp: bigint
  /** `ReserveData.liquidityIndex`, as of `lastUpdateTimestamp`. */
  liquidityIndex: bigint
  /** `ReserveData.currentLiquidityRate`, per year. */
  currentLiquidityRate: bigint
  /** `ReserveData.lastUpdateTimestamp`. */
  lastUpdateTimestamp: bigint
  /** aToken `scaledTotalSupply()`. */
  scaledTotalSupply: bigint
  /** `ReserveData.accruedToTreasury` (scaled), counted against the supply cap. */
  accruedToTreasury: bigint
  /** The asset held by the aToken: the most a withdrawal can pay. */
  availableLiquidity: bigint
  /** Supply cap in whole tokens; 0 = none. */
  supplyCap: bigint
  /** Asset decimals (from the reserve configuration). */
  decimals: number
  active: boolean
  frozen: boolean
  paused: boolean
}
