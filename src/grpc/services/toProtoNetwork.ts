import type { NetworkAnswer } from '../../service/types.js'
import type { Network } from '../generated/switchyard/data/v1/Network.js'

/**
 * Maps a network answer to the proto message (`id` and counts as decimal strings, uint64); `index`
 * only for a chain that has one (an external node).
 * @param network - the use case's network
 * @returns the `Network` message
 */
export function toProtoNetwork(network: NetworkAnswer): Network {
  const out: Network = { id: String(network.id), name: network.name, is_connected: network.isConnected }
  const index = network.index
  if (index) {
    out.index = {
      indexed_block: String(index.indexedBlock), min_pool_tvl_usd: index.minPoolTvlUsd, pools_indexed: String(index.poolsIndexed), pools_above_floor: String(index.poolsAboveFloor),
      protocols: index.protocols.map((p) => ({ protocol: p.protocol, indexed: String(p.indexed), above_floor: String(p.aboveFloor) })),
    }
  }
  return out
}
