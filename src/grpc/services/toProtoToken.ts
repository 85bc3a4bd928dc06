import type { TokenAnswer } from '../../service/types.js'
import type { Token } from '../generated/switchyard/data/v1/Token.js'
import { toProtoUnderlyingToken } from './toProtoUnderlyingToken.js'

/** Options of {@link toProtoToken}. */
export type ToProtoTokenOptions = {
  /** Set `symbol`, `name` and `logos_uri` (the OpenAPI's token metadata); default true. */
  metadata?: boolean
}

/**
 * Maps a token answer to the proto message. The optional fields (`project`, `protocol`, `apy`,
 * `apy_window`, `tvl`, `primary_address`) stay unset when the answer has none, so clients can tell
 * "unknown" from 0 or "". Without `metadata`, `symbol`, `name` and `logos_uri` are left out too.
 * @param token - the use case's token
 * @param options - whether to include metadata
 * @returns the `Token` message
 */
export function toProtoToken(token: TokenAnswer, { metadata = true }: ToProtoTokenOptions = {}): Token {
  const { symbol, name, ...identity } = toProtoUnderlyingToken(token)
  const out: Token = {
    ...identity,
    ...(metadata ? { symbol, name, logos_uri: token.logosUri } : {}),
    underlying_tokens: token.underlyingTokens.map(toProtoUnderlyingToken),
  }
  if (token.project !== undefined) out.project = token.project
  if (token.protocol !== undefined) out.protocol = token.protocol
  if (token.apy !== undefined) out.apy = token.apy
  if (token.apyWindow !== undefined) {
    const { method, fromBlock, toBlock, seconds } = token.apyWindow
    out.apy_window = { method, from_block: String(fromBlock), to_block: String(toBlock), seconds: String(seconds) }
  }
  if (token.tvl !== undefined) out.tvl = token.tvl
  if (token.primaryAddress !== undefined) out.primary_address = token.primaryAddress
  return out
}
