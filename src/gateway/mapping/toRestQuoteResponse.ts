import type { QuoteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/QuoteResponse.js'
import { InternalError } from '../../errors/request.js'
import type { RestQuoteResponse } from '../schemas/quoteResponse.js'
import type { RestRouteStep } from '../schemas/routeResponse.js'
import { toRestExplanation } from './toRestExplanation.js'
import { toRestStep } from './toRestRouteResponse.js'

/**
 * Converts the proto quote response to the REST body: `amountOut` a string, or one string per tokenOut
 * when there are several; `priceImpact` null when unset.
 * @throws InternalError when a step's args are malformed
 */
export function toRestQuoteResponse(response: QuoteResponse__Output): RestQuoteResponse {
  let route: RestRouteStep[]
  try {
    route = response.route.map(toRestStep)
  } catch (cause) {
    throw new InternalError({ cause })
  }
  return {
    amountOut: response.amounts_out.length > 1 ? response.amounts_out : response.amount_out,
    priceImpact: response.price_impact ?? null,
    route,
    feeAmount: response.fee_amount,
    ensoFeeAmount: response.enso_fee_amount,
    gas: response.gas,
    blockNumber: Number(response.block_number),
    ...(response.explanation ? { explanation: toRestExplanation(response.explanation) } : {}),
  }
}
