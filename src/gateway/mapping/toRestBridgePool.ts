import type { BridgePool__Output } from '../../grpc/generated/switchyard/data/v1/BridgePool.js'
import type { RestBridgePool } from '../schemas/bridgePoolsResponse.js'

/**
 * One proto pool pair → the REST entry (uint64 chain ids as numbers).
 * @param pool - one entry of `BridgePoolsResponse.pools`
 * @returns the REST entry
 */
export function toRestBridgePool(pool: BridgePool__Output): RestBridgePool {
  const d = pool.destination_data
  return {
    pool: pool.pool,
    chainId: Number(pool.chain_id),
    destinationChainId: Number(pool.destination_chain_id),
    token: pool.token,
    decimals: pool.decimals,
    destinationData: { pool: d?.pool ?? '', token: d?.token ?? '', decimals: d?.decimals ?? 0 },
  }
}
