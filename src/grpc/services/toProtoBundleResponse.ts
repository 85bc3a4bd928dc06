import type { BundleAnswer } from '../../service/types.js'
import type { BundleResponse } from '../generated/switchyard/routing/v1/BundleResponse.js'
import { toProtoRouteStep } from './toProtoRouteStep.js'
import { toProtoExplanation } from './toProtoExplanation.js'
import { toProtoTransaction } from './toProtoTransaction.js'

/**
 * Maps the bundle answer to the proto message: the actions as JSON, amounts as maps of decimal
 * strings, each route step's amounts in its `args_json`.
 * @param answer - the use case's answer
 * @returns the `BundleResponse` message
 */
export function toProtoBundleResponse(answer: BundleAnswer): BundleResponse {
  const out: BundleResponse = {
    bundle_json: JSON.stringify(answer.bundle),
    gas: answer.gas,
    created_at: String(answer.createdAt),
    tx: toProtoTransaction(answer.tx),
    amounts_out: answer.amountsOut,
    min_amounts_out: answer.minAmountsOut,
    route: answer.route.map(({ amountIn, amountOut, ...step }) =>
      toProtoRouteStep({ ...step, args: { ...step.args, ...(amountIn === undefined ? {} : { amountIn }), ...(amountOut === undefined ? {} : { amountOut }) } }),
    ),
    fee_amount: answer.feeAmount,
    approvals: answer.approvals.map((a) => ({ token: a.token, amount: a.amount, spender: a.spender, tx: toProtoTransaction(a) })),
    valid_until: String(answer.validUntil),
    bridging_estimates: (answer.bridgingEstimates ?? []).map((e) => ({
      from_chain_id: String(e.fromChainId), to_chain_id: String(e.toChainId), token: e.token, estimated_seconds: e.estimatedSeconds, bridge: e.bridge, source: e.source,
    })),
    external_contracts: answer.externalContracts,
  }
  if (answer.priceImpact !== null) out.price_impact = answer.priceImpact
  if (answer.explanation !== undefined) out.explanation = toProtoExplanation(answer.explanation)
  return out
}
