import type { StandardsRequest__Output } from '../generated/switchyard/data/v1/StandardsRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC standards request to the use case's filter; `slug` only when it was set (an empty
 * slug that was set is kept, so the use case answers NOT_FOUND rather than the whole list).
 * @param request - the decoded request
 * @returns the filter
 */
export function fromProtoStandardsRequest(request: StandardsRequest__Output): { slug?: string } {
  return hasField(request, 'slug') && request.slug !== undefined ? { slug: request.slug } : {}
}
