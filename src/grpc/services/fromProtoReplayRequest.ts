import type { ReplayRequest__Output } from '../generated/switchyard/routing/v1/ReplayRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC replay request to the REST body the replay use case validates: unset optional fields
 * and empty lists are left out; `chain_id` becomes a number; `tx` keeps its four fields.
 */
export function fromProtoReplayRequest(request: ReplayRequest__Output): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (hasField(request, 'quote_id')) out.quoteId = request.quote_id
  if (hasField(request, 'chain_id')) out.chainId = Number(request.chain_id)
  if (hasField(request, 'block_number')) out.blockNumber = request.block_number
  if (request.tx) out.tx = { from: request.tx.from, to: request.tx.to, data: request.tx.data, value: request.tx.value }
  if (hasField(request, 'receiver')) out.receiver = request.receiver
  const lists = { token_out: 'tokenOut', amount_out: 'amountOut', token_in: 'tokenIn', amount_in: 'amountIn' } as const
  for (const [field, name] of Object.entries(lists) as [keyof typeof lists, string][]) {
    if (request[field].length > 0) out[name] = request[field]
  }
  return out
}
