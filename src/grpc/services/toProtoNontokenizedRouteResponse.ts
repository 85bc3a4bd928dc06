import type { NontokenizedRouteAnswer } from '../../service/types.js'
import type { NontokenizedRouteResponse } from '../generated/switchyard/routing/v1/NontokenizedRouteResponse.js'
import { toProtoRouteStep } from './toProtoRouteStep.js'
import { toProtoTransaction } from './toProtoTransaction.js'

/**
 * Maps the non-tokenized route answer to the proto message.
 * @param answer - the use case's answer
 * @returns the `NontokenizedRouteResponse` message
 */
export function toProtoNontokenizedRouteResponse(answer: NontokenizedRouteAnswer): NontokenizedRouteResponse {
  const out: NontokenizedRouteResponse = {
    created_at: String(answer.createdAt),
    gas: answer.gas,
    amount_deposited: answer.amountDeposited,
    tx: toProtoTransaction(answer.tx),
    route: answer.route.map((step) => {
      const { amountIn, amountOut, ...rest } = step as typeof step & { amountIn?: string; amountOut?: string }
      return toProtoRouteStep({ ...rest, args: { ...rest.args, ...(amountIn === undefined ? {} : { amountIn }), ...(amountOut === undefined ? {} : { amountOut }) } })
    }),
    fee_amount: answer.feeAmount,
    enso_fee_amount: answer.ensoFeeAmount,
    external_contracts: answer.externalContracts,
  }
  if (answer.priceImpact !== null) out.price_impact = answer.priceImpact
  return out
}
