import type { ReplayAnswer } from '../../service/replayQuote.js'
import type { ReplayResponse } from '../generated/switchyard/routing/v1/ReplayResponse.js'

/** Maps a replay answer to the proto message (unset optional fields stay unset). */
export function toProtoReplayResponse(answer: ReplayAnswer): ReplayResponse {
  return {
    same: answer.same,
    ...(answer.quoteId === undefined ? {} : { quote_id: answer.quoteId }),
    chain_id: String(answer.chainId),
    block_number: answer.blockNumber,
    ...(answer.amountOut === undefined ? {} : { amount_out: answer.amountOut }),
    amounts_out: answer.amountsOut ?? [],
    expected_amounts_out: answer.expectedAmountsOut,
    ...(answer.gasUsed === undefined ? {} : { gas_used: answer.gasUsed }),
    differences: answer.differences.map((d) => ({
      code: d.code,
      message: d.message,
      ...(d.field === undefined ? {} : { field: d.field }),
      ...(d.expected === undefined ? {} : { expected: d.expected }),
      ...(d.actual === undefined ? {} : { actual: d.actual }),
      ...(d.difference === undefined ? {} : { difference: d.difference }),
    })),
  }
}
