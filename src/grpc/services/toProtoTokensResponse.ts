import type { TokensAnswer } from '../../service/types.js'
import type { TokensResponse } from '../generated/switchyard/data/v1/TokensResponse.js'
import { toProtoToken } from './toProtoToken.js'

/**
 * Maps a tokens answer to the proto message; `meta.next_cursor` stays unset on the last page.
 * @param answer - the tokens use case's answer
 * @returns the `TokensResponse` message
 */
export function toProtoTokensResponse(answer: TokensAnswer): TokensResponse {
  const meta: NonNullable<TokensResponse['meta']> = { total: String(answer.meta.total), page_size: answer.meta.pageSize }
  if (answer.meta.nextCursor !== undefined) meta.next_cursor = answer.meta.nextCursor
  return { data: answer.data.map(toProtoToken), meta }
}
