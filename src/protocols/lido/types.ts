import type { Address } from 'viem'
import type { PoolSnapshotBase } from '../types.js'

/**
 * State of a Lido-style liquid-staking pair at a block, as two graph nodes so a route may stake and
 * then wrap: `staking` (`address` stETH, `tokens` `[weth, stETH]`) and `wrapper` (`address` wstETH,
 * `tokens` `[stETH, wstETH]`). Both carry the same pool totals.
 */
export type LidoSnapshot = PoolSnapshotBase & {
  protocol: 'lido'
  kind: 'staking' | 'wrapper'
  stETH: Address
  wstETH: Address
  /** stETH `getTotalPooledEther()`. */
  totalPooledEther: bigint
  /** stETH `getTotalShares()`. */
  totalShares: bigint
}
