import type { TokensRequest } from '../../grpc/generated/switchyard/data/v1/TokensRequest.js'
import type { TokensQuery } from '../schemas/tokensQuery.js'

/**
 * Validated REST tokens query → proto request, setting only the fields the caller gave (`page` is
 * dropped: it can only be 1).
 * @param query - the query after `tokensQuerySchema`
 * @returns the gRPC request
 */
export function toProtoTokensRequest(query: TokensQuery): TokensRequest {
  const request: TokensRequest = {}
  if (query.chainId !== undefined) request.chain_id = query.chainId
  if (query.protocolSlug !== undefined) request.protocol_slug = query.protocolSlug
  if (query.project !== undefined) request.project = query.project
  if (query.type !== undefined) request.type = query.type
  if (query.underlyingTokens !== undefined) request.underlying_tokens = query.underlyingTokens
  if (query.address !== undefined) request.address = query.address
  if (query.symbol !== undefined) request.symbol = query.symbol
  if (query.name !== undefined) request.name = query.name
  if (query.apyFrom !== undefined) request.apy_from = query.apyFrom
  if (query.tvlFrom !== undefined) request.tvl_from = query.tvlFrom
  if (query.includeMetadata !== undefined) request.include_metadata = query.includeMetadata
  if (query.cursor !== undefined) request.cursor = query.cursor
  if (query.pageSize !== undefined) request.page_size = query.pageSize
  return request
}
