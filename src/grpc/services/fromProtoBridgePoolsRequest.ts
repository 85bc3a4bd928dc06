import type { BridgePoolsRequest__Output } from '../generated/switchyard/data/v1/BridgePoolsRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC pool lookup to the use case's REST-shaped input (chain ids as numbers; the
 * destination filters only when the caller set them).
 * @param request - the decoded request
 * @returns `{ chainId, token, destinationChainId?, destinationToken? }`
 */
export function fromProtoBridgePoolsRequest(request: BridgePoolsRequest__Output): Record<string, unknown> {
  return {
    chainId: Number(request.chain_id),
    token: request.token,
    ...(hasField(request, 'destination_chain_id') ? { destinationChainId: Number(request.destination_chain_id) } : {}),
    ...(hasField(request, 'destination_token') ? { destinationToken: request.destination_token } : {}),
  }
}
