import type { Hex } from 'viem'
import type { PoolSnapshotBase } from '../types.js'

/** State of one Balancer V2 weighted pool at a block. `tokens` follows the Vault's token order. */
export type BalancerV2WeightedPoolSnapshot = PoolSnapshotBase & {
  protocol: 'balancer-v2'
  /** Vault pool id (bytes32); the encoder needs it for `Vault.swap`/`batchSwap`. */
  poolId: Hex
  /** `Vault.getPoolTokens().balances`, raw token units, same order as `tokens`. */
  balances: readonly bigint[]
  /** `getNormalizedWeights()`, 18-decimal, summing to 1e18. */
  weights: readonly bigint[]
  /** `decimals()` of each token (for the pool's 18-decimal upscaling). */
  decimals: readonly number[]
  /** `getSwapFeePercentage()`, 18-decimal (1e16 = 1%). */
  swapFee: bigint
  /**
   * BPT supply joins and exits price against: `getActualSupply()` (the total supply plus protocol-fee
   * BPT the next join or exit mints first), else `totalSupply()` on pools without it; undefined when
   * neither could be read.
   */
  totalSupply?: bigint | undefined
}
