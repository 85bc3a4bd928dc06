import type { UnderlyingTokenAnswer } from '../../service/types.js'
import type { UnderlyingToken } from '../generated/switchyard/data/v1/UnderlyingToken.js'

/**
 * Maps an underlying token to the proto message (`chain_id` as a decimal string, uint64).
 * @param token - the use case's underlying token
 * @returns the `UnderlyingToken` message
 */
export function toProtoUnderlyingToken(token: UnderlyingTokenAnswer): UnderlyingToken {
  return { address: token.address, chain_id: String(token.chainId), type: token.type, decimals: token.decimals, symbol: token.symbol, name: token.name }
}
