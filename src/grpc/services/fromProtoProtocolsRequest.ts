import type { ProtocolsRequest__Output } from '../generated/switchyard/data/v1/ProtocolsRequest.js'
import { hasField } from './hasField.js'

/** The protocols use case's filter. */
export type ProtocolsFilter = { chainId?: number; slug?: string }

/**
 * Maps a gRPC protocols request to the use case's filter; unset fields are left out and
 * `chain_id` becomes a number.
 * @param request - the decoded request
 * @returns the filter
 */
export function fromProtoProtocolsRequest(request: ProtocolsRequest__Output): ProtocolsFilter {
  const filter: ProtocolsFilter = {}
  if (hasField(request, 'chain_id')) filter.chainId = Number(request.chain_id)
  if (hasField(request, 'slug') && request.slug !== undefined) filter.slug = request.slug
  return filter
}
