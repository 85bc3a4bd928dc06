import type { TokensAnswer } from '../../service/types.js'
import type { TokensResponse } from '../generated/switchyard/data/v1/TokensResponse.js'
import { toProtoToken } from './toProtoToken.js'

/**
 * Maps a tokens answer to the proto message; `meta.next_cursor`, `prev`, `next` and `cursor` stay
 * unset when the answer has none (last or first page). Token metadata (`symbol`, `name`,
 * `logos_uri`) is left out when the answer says the caller did not ask for it.
 * @param answer - the tokens use case's answer
 * @returns the `TokensResponse` message
 */
export function toProtoTokensResponse(answer: TokensAnswer): TokensResponse {
  const { total, nextCursor, pageSize, lastPage, currentPage, perPage, prev, next, cursor } = answer.meta
  const meta: NonNullable<TokensResponse['meta']> = { total: String(total), page_size: pageSize }
  if (nextCursor !== undefined) meta.next_cursor = nextCursor
  if (lastPage !== undefined) meta.last_page = lastPage
  if (currentPage !== undefined) meta.current_page = currentPage
  if (perPage !== undefined) meta.per_page = perPage
  if (prev !== undefined && prev !== null) meta.prev = prev
  if (next !== undefined && next !== null) meta.next = next
  if (cursor !== undefined && cursor !== null) meta.cursor = String(cursor)
  const metadata = answer.includeMetadata !== false
  return { data: answer.data.map((token) => toProtoToken(token, { metadata })), meta }
}
