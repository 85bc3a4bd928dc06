import type { PoolSnapshotBase } from '../types.js'
import type { AmpRamp } from './stableSwapMath.js'

/**
 * State of one Curve StableSwap pool (3pool generation) at a block. `tokens` is the pool's coins in
 * `coins(i)` order followed by its LP token, so the LP token's index is `balances.length`.
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
}
