import type { Token__Output } from '../../grpc/generated/switchyard/data/v1/Token.js'
import type { UnderlyingToken__Output } from '../../grpc/generated/switchyard/data/v1/UnderlyingToken.js'
import type { RestToken, RestUnderlyingToken } from '../schemas/tokensResponse.js'

function toRestUnderlyingToken(token: UnderlyingToken__Output): RestUnderlyingToken {
  return { address: token.address, chainId: Number(token.chain_id), type: token.type, decimals: token.decimals, symbol: token.symbol, name: token.name }
}

/**
 * Proto token → REST `PositionModel` shape: chain ids and blocks as numbers; unset optional fields
 * (`project`, `protocol` (also served as `protocolSlug`, the SDK's name), `apy` (also `apyBase`),
 * `apyWindow`, `tvl`, `primaryAddress`) become `null`, while a set 0 stays 0. The metadata
 * (`symbol`, `name`, `logosUri`) is `null` when the backend left it out (no `includeMetadata`): a
 * token with metadata always has a symbol, so an unset symbol means none was asked for.
 * @param token - the gRPC token
 * @returns the REST token
 */
export function toRestToken(token: Token__Output): RestToken {
  const metadata = token.symbol !== undefined
  const window = token.apy_window
  return {
    address: token.address,
    chainId: Number(token.chain_id),
    type: token.type,
    decimals: token.decimals,
    symbol: token.symbol ?? null,
    name: token.name ?? null,
    logosUri: metadata ? token.logos_uri : null,
    underlyingTokens: token.underlying_tokens.map(toRestUnderlyingToken),
    project: token.project ?? null,
    protocol: token.protocol ?? null,
    protocolSlug: token.protocol ?? null,
    apy: token.apy ?? null,
    apyBase: token.apy ?? null,
    apyReward: null,
    apyWindow: window ? { method: window.method, fromBlock: Number(window.from_block), toBlock: Number(window.to_block), seconds: Number(window.seconds) } : null,
    tvl: token.tvl ?? null,
    primaryAddress: token.primary_address ?? null,
  }
}
