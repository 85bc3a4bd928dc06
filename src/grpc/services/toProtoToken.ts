import type { TokenAnswer } from '../../service/types.js'
import type { Token } from '../generated/switchyard/data/v1/Token.js'
import { toProtoUnderlyingToken } from './toProtoUnderlyingToken.js'

/**
 * Maps a token answer to the proto message. The optional fields (`project`, `protocol`, `apy`,
 * `tvl`, `primary_address`) stay unset when the answer has none, so clients can tell "unknown"
 * from 0 or "".
 * @param token - the use case's token
 * @returns the `Token` message
 */
export function toProtoToken(token: TokenAnswer): Token {
  const out: Token = {
    ...toProtoUnderlyingToken(token),
    logos_uri: token.logosUri,
    underlying_tokens: token.underlyingTokens.map(toProtoUnderlyingToken),
  }
  if (token.project !== undefined) out.project = token.project
  if (token.protocol !== undefined) out.protocol = token.protocol
  if (token.apy !== undefined) out.apy = token.apy
  if (token.tvl !== undefined) out.tvl = token.tvl
  if (token.primaryAddress !== undefined) out.primary_address = token.primaryAddress
  return out
}
