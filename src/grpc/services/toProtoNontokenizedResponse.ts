import type { NontokenizedAnswer } from '../../service/types.js'
import type { NontokenizedResponse } from '../generated/switchyard/data/v1/NontokenizedResponse.js'
import { toProtoUnderlyingToken } from './toProtoUnderlyingToken.js'

/**
 * Maps a page of non-tokenized positions to the proto message.
 * @param answer - the use case's page
 * @returns the `NontokenizedResponse` message
 */
export function toProtoNontokenizedResponse(answer: NontokenizedAnswer): NontokenizedResponse {
  const m = answer.meta
  return {
    data: answer.data.map((p) => ({
      chain_id: String(p.chainId), project: p.project, protocol: p.protocol, address: p.address, position_id: p.positionId,
      primary_address: p.primaryAddress, name: p.name, logos_uri: p.logosUri, underlying_tokens: p.underlyingTokens.map(toProtoUnderlyingToken),
    })),
    meta: {
      total: String(m.total), last_page: m.lastPage, current_page: m.currentPage, per_page: m.perPage,
      ...(m.prev === null ? {} : { prev: m.prev }), ...(m.next === null ? {} : { next: m.next }), ...(m.cursor === null ? {} : { cursor: m.cursor }),
    },
  }
}
