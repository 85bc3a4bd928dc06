/** Test support: a Uniswap V2 pool snapshot between two numbered test tokens. */
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import { testAddress } from './randomSnapshot.js'

/**
 * A V2 pool (30 bps fee) at block 1 between test tokens `a` and `b` (`testAddress(1, n)`), at
 * `testAddress(2, i)`.
 * @param protocol - the adapter's slug (`uniswap-v2`, or another adapter with V2 math)
 */
export const testV2Pool = (i: number, a: number, b: number, reserve0: bigint, reserve1: bigint, protocol = 'uniswap-v2'): UniswapV2PoolSnapshot =>
  ({ protocol, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, a), testAddress(1, b)], reserve0, reserve1, feeBps: 30 }) as UniswapV2PoolSnapshot
