import type { NetworksRequest__Output } from '../generated/switchyard/data/v1/NetworksRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC networks request to the use case's filter; unset fields are left out and
 * `chain_id` becomes a number.
 * @param request - the decoded request
 * @returns the filter
 */
export function fromProtoNetworksRequest(request: NetworksRequest__Output): { name?: string; chainId?: number } {
  const filter: { name?: string; chainId?: number } = {}
  if (hasField(request, 'name') && request.name !== undefined) filter.name = request.name
  if (hasField(request, 'chain_id')) filter.chainId = Number(request.chain_id)
  return filter
}
