import type { Address, Hex } from 'viem'
import type { PoolSnapshotBase } from '../types.js'
import type { ConcentratedLiquidityState } from '../uniswap-v3/types.js'

/**
 * State of one hookless Uniswap V4 pool at a block. V4 pools live inside the PoolManager and have no address:
 * `address` is the first 20 bytes of the pool id (unique like the id, used only as the engine's pool key), and
 * the PoolKey travels in the snapshot for the encoder. `tokens` is `[currency0, currency1]` as the engine sees
 * them: the native currency (`address(0)`) is listed as WETH, which the swap helper unwraps and wraps.
 * `fee` is the LP fee; the swap fee adds the protocol fee of the swap's direction (see `swapFeeOf`).
 */
export type UniswapV4PoolSnapshot = PoolSnapshotBase & ConcentratedLiquidityState & {
  protocol: 'uniswap-v4'
  /** The pool id: keccak256 of the ABI-encoded PoolKey. */
  id: Hex
  /** The PoolKey's currencies, as the PoolManager knows them (`0x0…0` = native coin). */
  currency0: Address
  currency1: Address
  /** The PoolKey's fee field (the static LP fee of a hookless pool). */
  keyFee: number
  /** `slot0.protocolFee`: 12 bits per direction (lower: zeroForOne, upper: oneForZero), in pips. */
  protocolFee: number
}
