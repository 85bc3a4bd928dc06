import type { NetworkAnswer } from '../../service/types.js'
import type { Network } from '../generated/switchyard/data/v1/Network.js'

/**
 * Maps a network answer to the proto message (`id` as a decimal string, uint64).
 * @param network - the use case's network
 * @returns the `Network` message
 */
export function toProtoNetwork(network: NetworkAnswer): Network {
  return { id: String(network.id), name: network.name, is_connected: network.isConnected }
}
