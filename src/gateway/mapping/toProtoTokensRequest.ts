import type { TokensRequest } from '../../grpc/generated/switchyard/data/v1/TokensRequest.js'
import type { TokensQuery } from '../schemas/tokensQuery.js'

/**
 * Validated REST tokens query → proto request, setting only the fields the caller gave.
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
  if (query.underlyingTokensExact !== undefined) request.underlying_tokens_exact = query.underlyingTokensExact
  if (query.primaryAddress !== undefined) request.primary_address = query.primaryAddress
  if (query.address !== undefined) request.address = query.address
  if (query.symbol !== undefined) request.symbol = query.symbol
  if (query.name !== undefined) request.name = query.name
  if (query.liquidityType !== undefined) request.liquidity_type = query.liquidityType
  if (query.apyFrom !== undefined) request.apy_from = query.apyFrom
  if (query.apyTo !== undefined) request.apy_to = query.apyTo
  if (query.tvlFrom !== undefined) request.tvl_from = query.tvlFrom
  if (query.tvlTo !== undefined) request.tvl_to = query.tvlTo
  if (query.tvl !== undefined) request.tvl = query.tvl
  if (query.includeMetadata !== undefined) request.include_metadata = query.includeMetadata
  if (query.includeUnderlying !== undefined) request.include_underlying = query.includeUnderlying
  if (query.cursor !== undefined) request.cursor = query.cursor
  if (query.pageSize !== undefined) request.page_size = query.pageSize
  if (query.page !== undefined) request.page = query.page
  return request
}
