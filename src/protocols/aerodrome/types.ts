import type { PoolSnapshotBase } from '../types.js'

/** State of one Aerodrome classic pool at a block. `tokens` is `[token0, token1, pool]`: the pool is its own LP token. */
export type AerodromePoolSnapshot = PoolSnapshotBase & {
  protocol: 'aerodrome'
  /** `stable()`: the x^3 y + y^3 x curve on balances normalised to 1e18; else x * y. */
  stable: boolean
  /** `reserve0` (`getReserves()[0]`, `metadata().r0`). */
  reserve0: bigint
  /** `reserve1`. */
  reserve1: bigint
  /** `10 ** token0.decimals()` (`metadata().dec0`). */
  decimals0: bigint
  /** `10 ** token1.decimals()` (`metadata().dec1`). */
  decimals1: bigint
  /** The factory's `getFee(pool, stable)`, in 1/10000 of the input (30 = 0.30 %). */
  fee: bigint
  /** The LP token's `totalSupply()` (the pool's own ERC-20), 1,000 of it locked to address(1) by the first mint. */
  totalSupply: bigint
}
