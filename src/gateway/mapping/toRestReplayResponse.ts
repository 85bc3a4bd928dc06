import type { ReplayResponse__Output } from '../../grpc/generated/switchyard/routing/v1/ReplayResponse.js'
import type { ReplayDifferenceCode } from '../../service/replayQuote.js'
import type { RestReplayResponse } from '../schemas/replayResponse.js'

/** Converts the proto replay response to the REST body (unset optional fields left out). */
export function toRestReplayResponse(r: ReplayResponse__Output): RestReplayResponse {
  return {
    same: r.same,
    ...(r.quote_id === undefined ? {} : { quoteId: r.quote_id }),
    chainId: Number(r.chain_id),
    blockNumber: r.block_number,
    ...(r.amount_out === undefined ? {} : { amountOut: r.amount_out, amountsOut: r.amounts_out }),
    expectedAmountsOut: r.expected_amounts_out,
    ...(r.gas_used === undefined ? {} : { gasUsed: r.gas_used }),
    differences: r.differences.map((d) => ({
      code: d.code as ReplayDifferenceCode,
      message: d.message,
      ...(d.field === undefined ? {} : { field: d.field }),
      ...(d.expected === undefined ? {} : { expected: d.expected }),
      ...(d.actual === undefined ? {} : { actual: d.actual }),
      ...(d.difference === undefined ? {} : { difference: d.difference }),
    })),
  }
}
