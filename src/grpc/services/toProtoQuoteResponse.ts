import type { QuoteAnswer } from '../../service/getQuote.js'
import type { QuoteResponse } from '../generated/switchyard/routing/v1/QuoteResponse.js'
import { toProtoExplanation } from './toProtoExplanation.js'
import { toProtoRouteStep } from './toProtoRouteStep.js'

/**
 * Maps a quote answer to the proto message; `price_impact` stays unset when unknown.
 * @param answer - the quote use case's answer
 * @returns the `QuoteResponse` message
 */
export function toProtoQuoteResponse(answer: QuoteAnswer): QuoteResponse {
  const out: QuoteResponse = {
    amount_out: answer.amountOut,
    amounts_out: answer.amountsOut,
    route: answer.route.map(toProtoRouteStep),
    fee_amount: answer.feeAmount,
    enso_fee_amount: answer.ensoFeeAmount,
    gas: answer.gas,
    block_number: String(answer.createdAt),
    unknown_filters: answer.unknownFilters ?? [],
  }
  if (answer.priceImpact !== null) out.price_impact = answer.priceImpact
  if (answer.explanation !== undefined) out.explanation = toProtoExplanation(answer.explanation)
  return out
}
