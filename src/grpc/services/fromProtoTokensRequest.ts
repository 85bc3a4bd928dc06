import type { TokensRequest__Output } from '../generated/switchyard/data/v1/TokensRequest.js'
import { hasField } from './hasField.js'

/** Optional scalar fields: proto name → REST name. */
const OPTIONAL = {
  chain_id: 'chainId',
  protocol_slug: 'protocolSlug',
  project: 'project',
  type: 'type',
  liquidity_type: 'liquidityType',
  apy_from: 'apyFrom',
  apy_to: 'apyTo',
  tvl_from: 'tvlFrom',
  tvl_to: 'tvlTo',
  tvl: 'tvl',
  include_metadata: 'includeMetadata',
  include_underlying: 'includeUnderlying',
  cursor: 'cursor',
  page: 'page',
  page_size: 'pageSize',
} as const satisfies Partial<Record<keyof TokensRequest__Output, string>>

/**
 * Maps a gRPC tokens request to the REST-shaped filter (camelCase) the tokens use case validates.
 * - Unset `optional` fields are left out; fields set to their zero value (`page_size = 0`,
 *   `liquidity_type = ""`) are kept, so validation sees exactly what the caller sent.
 * - `chain_id` arrives as a string (uint64) and becomes a number; values above 2^53 stay out of the
 *   safe range and are rejected by the validator.
 * - The lists (`address`, `underlying_tokens`, `underlying_tokens_exact`, `primary_address`, `symbol`,
 *   `name`) are left out when empty: proto3 cannot tell an empty list from an absent one.
 * @param request - the decoded request
 * @returns the REST-shaped filter
 */
export function fromProtoTokensRequest(request: TokensRequest__Output): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [field, name] of Object.entries(OPTIONAL) as [keyof typeof OPTIONAL, string][]) {
    if (hasField(request, field)) out[name] = request[field]
  }
  if (typeof out.chainId === 'string') out.chainId = Number(out.chainId)
  if (request.address.length > 0) out.address = request.address
  if (request.underlying_tokens.length > 0) out.underlyingTokens = request.underlying_tokens
  if (request.underlying_tokens_exact.length > 0) out.underlyingTokensExact = request.underlying_tokens_exact
  if (request.primary_address.length > 0) out.primaryAddress = request.primary_address
  if (request.symbol.length > 0) out.symbol = request.symbol
  if (request.name.length > 0) out.name = request.name
  return out
}
