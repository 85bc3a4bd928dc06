import type { RouteAnswer } from '../../service/types.js'
import type { RouteResponse } from '../generated/switchyard/routing/v1/RouteResponse.js'
import { toProtoExplanation } from './toProtoExplanation.js'
import { toProtoRouteStep } from './toProtoRouteStep.js'
import { toProtoTransaction } from './toProtoTransaction.js'

/**
 * Maps a route answer to the proto message. `price_impact` stays unset when the answer has none
 * (no USD price), so clients can tell "unknown" from 0; `created_at` is the block number as a string.
 * @param answer - the route use case's answer
 * @returns the `RouteResponse` message
 */
export function toProtoRouteResponse(answer: RouteAnswer): RouteResponse {
  const out: RouteResponse = {
    gas: answer.gas,
    amount_out: answer.amountOut,
    min_amount_out: answer.minAmountOut,
    fee_amount: answer.feeAmount,
    enso_fee_amount: answer.ensoFeeAmount,
    created_at: String(answer.createdAt),
    tx: toProtoTransaction(answer.tx),
    route: answer.route.map(toProtoRouteStep),
    amounts_out: answer.amountsOut,
    min_amounts_out: answer.minAmountsOut,
    block_number: String(answer.blockNumber ?? answer.createdAt),
    valid_until: String(answer.validUntil ?? 0),
    unknown_filters: answer.unknownFilters ?? [],
    bridging_estimates: (answer.bridgingEstimates ?? []).map((e) => ({
      from_chain_id: String(e.fromChainId), to_chain_id: String(e.toChainId), token: e.token, estimated_seconds: e.estimatedSeconds, bridge: e.bridge, source: e.source,
    })),
    external_contracts: answer.externalContracts,
  }
  if (answer.priceImpact !== null) out.price_impact = answer.priceImpact
  if (answer.explanation !== undefined) out.explanation = toProtoExplanation(answer.explanation)
  return out
}
