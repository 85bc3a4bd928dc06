import { encodeAbiParameters, keccak256, type Hex } from 'viem'
import type { UniswapV4PoolEntry } from '../../chain/addressBook.js'

const poolKeyAbi = [{
  type: 'tuple',
  components: [
    { name: 'currency0', type: 'address' },
    { name: 'currency1', type: 'address' },
    { name: 'fee', type: 'uint24' },
    { name: 'tickSpacing', type: 'int24' },
    { name: 'hooks', type: 'address' },
  ],
}] as const

/** A V4 PoolKey as the address book records it (`id` aside). */
export type UniswapV4PoolKey = Omit<UniswapV4PoolEntry, 'id'>

/**
 * `PoolIdLibrary.toId`: keccak256 of the ABI-encoded PoolKey.
 * @returns the pool id
 */
export function uniswapV4PoolId(key: UniswapV4PoolKey): Hex {
  return keccak256(encodeAbiParameters(poolKeyAbi, [key]))
}
