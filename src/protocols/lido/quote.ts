import type { LidoSnapshot } from './types.js'

type Pool = Pick<LidoSnapshot, 'totalPooledEther' | 'totalShares'>

/** stETH `getSharesByPooledEth`. */
export function sharesByPooledEth(pool: Pool, eth: bigint): bigint {
  return pool.totalPooledEther === 0n ? eth : (eth * pool.totalShares) / pool.totalPooledEther
}

/** stETH `getPooledEthByShares`. */
export function pooledEthByShares(pool: Pool, shares: bigint): bigint {
  return pool.totalShares === 0n ? 0n : (shares * pool.totalPooledEther) / pool.totalShares
}

/**
 * stETH balance gained by a holder with no prior shares when staking `eth` (`submit`): the minted
 * shares valued at the pool's rate after the deposit.
 */
export function quoteStake(pool: Pool, eth: bigint): bigint {
  if (eth <= 0n) return 0n
  const shares = sharesByPooledEth(pool, eth)
  return pooledEthByShares({ totalPooledEther: pool.totalPooledEther + eth, totalShares: pool.totalShares + shares }, shares)
}

/** wstETH minted by `wrap(stETH)`: the stETH's shares. */
export function quoteWrap(pool: Pool, stETH: bigint): bigint {
  return stETH <= 0n ? 0n : sharesByPooledEth(pool, stETH)
}

/**
 * stETH balance gained by a holder with no prior shares from `unwrap(wstETH)`: wstETH pays
 * `getPooledEthByShares(wst)` through a stETH transfer, which moves that amount's shares (rounded
 * down), worth up to 2 wei less (the stETH shortfall).
 */
export function quoteUnwrap(pool: Pool, wstETH: bigint): bigint {
  if (wstETH <= 0n) return 0n
  const amount = pooledEthByShares(pool, wstETH)
  return pooledEthByShares(pool, sharesByPooledEth(pool, amount))
}
