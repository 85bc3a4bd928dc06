import type { RouteResponse__Output } from '../../grpc/generated/switchyard/routing/v1/RouteResponse.js'
import type { RouteStep__Output } from '../../grpc/generated/switchyard/routing/v1/RouteStep.js'
import { InternalError } from '../../errors/request.js'
import { toHopArgs, type HopArgs } from '../../schemas/toHopArgs.js'
import type { RestRouteResponse, RestRouteStep } from '../schemas/routeResponse.js'
import { toRestExplanation } from './toRestExplanation.js'
import { toRestTransaction } from './toRestTransaction.js'

function argsOf(json: string): HopArgs {
  if (json === '') return {}
  const parsed: unknown = JSON.parse(json)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InternalError()
  // The server already sends strings; a value of another type (an older server) still leaves as the OpenAPI types it.
  return toHopArgs(parsed as Record<string, unknown>)
}

/** One proto route step as the REST body lists it (`args` parsed from `args_json`, values strings or string arrays). */
export function toRestStep(step: RouteStep__Output): RestRouteStep {
  return {
    tokenIn: step.token_in,
    tokenOut: step.token_out,
    protocol: step.protocol,
    action: step.action,
    primary: step.primary,
    internalRoutes: step.internal_routes,
    args: argsOf(step.args_json),
    chainId: Number(step.chain_id),
    ...(step.source_chain_id !== undefined ? { sourceChainId: Number(step.source_chain_id) } : {}),
    ...(step.destination_chain_id !== undefined ? { destinationChainId: Number(step.destination_chain_id) } : {}),
  }
}

/**
 * Converts the proto route response to the REST body (camelCase; `args` parsed from `args_json`;
 * `priceImpact` null when unset; `createdAt` a number).
 * @param response - the gRPC response
 * @returns the REST response
 * @throws InternalError when the backend answer is malformed (missing tx, non-object args)
 */
export function toRestRouteResponse(response: RouteResponse__Output): RestRouteResponse {
  if (!response.tx) throw new InternalError()
  let route: RestRouteStep[]
  try {
    route = response.route.map(toRestStep)
  } catch (cause) {
    throw new InternalError({ cause })
  }
  // Several outputs: one amount per tokenOut (the OpenAPI's oneOf string | string[]).
  const several = response.amounts_out.length > 1
  return {
    gas: response.gas,
    amountOut: several ? response.amounts_out : response.amount_out,
    minAmountOut: several ? response.min_amounts_out : response.min_amount_out,
    feeAmount: response.fee_amount,
    ensoFeeAmount: response.enso_fee_amount,
    priceImpact: response.price_impact ?? null,
    createdAt: Number(response.created_at),
    blockNumber: Number(response.block_number !== '0' ? response.block_number : response.created_at),
    ...(response.valid_until !== '0' ? { validUntil: Number(response.valid_until) } : {}),
    tx: toRestTransaction(response.tx),
    route,
    ...(response.bridging_estimates.length > 0
      ? {
          bridgingEstimates: response.bridging_estimates.map((e) => ({
            fromChainId: Number(e.from_chain_id), toChainId: Number(e.to_chain_id), token: e.token, estimatedSeconds: e.estimated_seconds, bridge: e.bridge, source: e.source,
          })),
        }
      : {}),
    externalContracts: response.external_contracts,
    ...(response.explanation ? { explanation: toRestExplanation(response.explanation) } : {}),
  }
}
