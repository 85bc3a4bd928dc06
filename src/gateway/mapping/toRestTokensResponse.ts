import { InternalError } from '../../errors/request.js'
import type { TokensResponse__Output } from '../../grpc/generated/switchyard/data/v1/TokensResponse.js'
import type { RestTokensResponse } from '../schemas/tokensResponse.js'
import { toRestToken } from './toRestToken.js'

/**
 * Proto tokens response → REST `{ data, meta }`, `meta` being the OpenAPI's `PaginationMeta`
 * (`total, lastPage, currentPage, perPage, prev, next, cursor`; the last three `null` when unset)
 * plus our `nextCursor` (left out on the last page) and `pageSize`. A backend that sends no page
 * numbers (one older than them) gets `{ total, nextCursor?, pageSize }` as before.
 * @param response - the gRPC response
 * @returns the REST body
 * @throws InternalError when the backend sent no `meta`
 */
export function toRestTokensResponse(response: TokensResponse__Output): RestTokensResponse {
  if (!response.meta) throw new InternalError()
  const { total, next_cursor, page_size, last_page, current_page, per_page, prev, next, cursor } = response.meta
  const pages = last_page !== undefined && current_page !== undefined && per_page !== undefined
    ? { lastPage: last_page, currentPage: current_page, perPage: per_page, prev: prev ?? null, next: next ?? null, cursor: cursor !== undefined ? Number(cursor) : null }
    : {}
  return {
    data: response.data.map(toRestToken),
    meta: { total: Number(total), ...pages, ...(next_cursor !== undefined ? { nextCursor: next_cursor } : {}), pageSize: page_size },
  }
}
