import type { Token__Output } from '../../grpc/generated/switchyard/data/v1/Token.js'
import type { UnderlyingToken__Output } from '../../grpc/generated/switchyard/data/v1/UnderlyingToken.js'
import type { RestToken, RestUnderlyingToken } from '../schemas/tokensResponse.js'

function toRestUnderlyingToken(token: UnderlyingToken__Output): RestUnderlyingToken {
  return { address: token.address, chainId: Number(token.chain_id), type: token.type, decimals: token.decimals, symbol: token.symbol, name: token.name }
}

/**
 * Proto token → REST `PositionModel` shape: chain ids as numbers; unset optional fields (`project`,
 * `protocol` (also served as `protocolSlug`, the SDK's name), `apy`, `tvl`, `primaryAddress`) become
 * `null`, while a set 0 stays 0.
 * @param token - the gRPC token
 * @returns the REST token
 */
export function toRestToken(token: Token__Output): RestToken {
  return {
    ...toRestUnderlyingToken(token),
    logosUri: token.logos_uri,
    underlyingTokens: token.underlying_tokens.map(toRestUnderlyingToken),
    project: token.project ?? null,
    protocol: token.protocol ?? null,
    protocolSlug: token.protocol ?? null,
    apy: token.apy ?? null,
    tvl: token.tvl ?? null,
    primaryAddress: token.primary_address ?? null,
  }
}
