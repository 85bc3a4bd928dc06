import { InternalError } from '../../errors/request.js'
import type { TokensResponse__Output } from '../../grpc/generated/switchyard/data/v1/TokensResponse.js'
import type { RestTokensResponse } from '../schemas/tokensResponse.js'
import { toRestToken } from './toRestToken.js'

/**
 * Proto tokens response → REST `{ data, meta: { total, nextCursor?, pageSize } }`; `nextCursor` is
 * left out on the last page.
 * @param response - the gRPC response
 * @returns the REST body
 * @throws InternalError when the backend sent no `meta`
 */
export function toRestTokensResponse(response: TokensResponse__Output): RestTokensResponse {
  if (!response.meta) throw new InternalError()
  const { total, next_cursor, page_size } = response.meta
  return {
    data: response.data.map(toRestToken),
    meta: { total: Number(total), ...(next_cursor !== undefined ? { nextCursor: next_cursor } : {}), pageSize: page_size },
  }
}
