import type { PoolSnapshotBase } from '../types.js'

/** State of one Uniswap-V2-style pair (any fork) at a block. `tokens` is `[token0, token1]`. */
export type UniswapV2PoolSnapshot = PoolSnapshotBase & {
  protocol: 'uniswap-v2'
  /** `getReserves()._reserve0`. */
  reserve0: bigint
  /** `getReserves()._reserve1`. */
  reserve1: bigint
  /** Swap fee in basis points (30 for Uniswap V2; forks differ). */
  feeBps: number
  /** LP token `totalSupply()`, for liquidity quotes (undefined when the loader could not read it). */
  totalSupply?: bigint | undefined
}
