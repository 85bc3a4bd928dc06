import type { NontokenizedRequest__Output } from '../generated/switchyard/data/v1/NontokenizedRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC non-tokenized positions request to the REST filter shape (numbers for uint fields,
 * empty lists left out).
 * @param request - the decoded request
 * @returns the REST-shaped filter
 */
export function fromProtoNontokenizedRequest(request: NontokenizedRequest__Output): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (hasField(request, 'chain_id')) out.chainId = Number(request.chain_id)
  if (hasField(request, 'project')) out.project = request.project
  if (hasField(request, 'protocol_slug')) out.protocolSlug = request.protocol_slug
  if (hasField(request, 'page')) out.page = request.page
  if (hasField(request, 'cursor')) out.cursor = request.cursor
  if (hasField(request, 'page_size')) out.pageSize = request.page_size
  const lists = { position_id: 'positionId', address: 'address', primary_address: 'primaryAddress', underlying_tokens: 'underlyingTokens', underlying_tokens_exact: 'underlyingTokensExact' } as const
  for (const [field, name] of Object.entries(lists) as [keyof typeof lists, string][]) if (request[field].length > 0) out[name] = request[field]
  return out
}
