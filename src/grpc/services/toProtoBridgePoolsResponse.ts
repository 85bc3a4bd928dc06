import type { BridgePoolAnswer } from '../../service/types.js'
import type { BridgePoolsResponse } from '../generated/switchyard/data/v1/BridgePoolsResponse.js'

/**
 * Maps the pool pairs to the proto (chain ids as uint64 strings).
 * @param pools - the use case's answer
 * @returns the proto response
 */
export function toProtoBridgePoolsResponse(pools: readonly BridgePoolAnswer[]): BridgePoolsResponse {
  return {
    pools: pools.map((p) => ({
      pool: p.pool,
      chain_id: String(p.chainId),
      destination_chain_id: String(p.destinationChainId),
      token: p.token,
      decimals: p.decimals,
      destination_data: { pool: p.destinationData.pool, token: p.destinationData.token, decimals: p.destinationData.decimals },
    })),
  }
}
