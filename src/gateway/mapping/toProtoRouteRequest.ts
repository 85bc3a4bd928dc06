import type { z } from 'zod'
import type { RouteRequest } from '../../grpc/generated/switchyard/routing/v1/RouteRequest.js'
import type { routeRequestSchema } from '../../schemas/routeRequest.js'

/** A REST route request that passed `parseRouteRequest` (its original, un-normalised values). */
export type RestRouteRequest = z.input<typeof routeRequestSchema>

/**
 * Converts a validated REST route request (camelCase) to the proto request (snake_case), passing the
 * caller's original strings so nothing is lost or re-encoded; `variableEstimates` travels as JSON.
 * Call it only after `parseRouteRequest` accepted `body`.
 * @param body - the validated body or normalised query
 * @returns the gRPC request
 */
export function toProtoRouteRequest(body: RestRouteRequest): RouteRequest {
  const request: RouteRequest = {
    from_address: body.fromAddress,
    amount_in: body.amountIn,
    token_in: body.tokenIn,
    token_out: body.tokenOut,
  }
  if (body.chainId !== undefined) request.chain_id = body.chainId
  if (body.routingStrategy != null) request.routing_strategy = body.routingStrategy
  if (body.toEoa != null) request.to_eoa = body.toEoa
  if (body.receiver !== undefined) request.receiver = body.receiver
  if (body.spender !== undefined) request.spender = body.spender
  if (body.minAmountOut !== undefined) request.min_amount_out = body.minAmountOut
  if (body.slippage !== undefined) request.slippage = String(body.slippage)
  if (body.fee !== undefined) request.fee = body.fee.map(String)
  if (body.feeReceiver !== undefined) request.fee_receiver = body.feeReceiver
  if (body.ignoreAggregators != null) request.ignore_aggregators = body.ignoreAggregators
  if (body.ignoreStandards != null) request.ignore_standards = body.ignoreStandards
  if (body.ignoreBridges != null) request.ignore_bridges = body.ignoreBridges
  if (body.referralCode !== undefined) request.referral_code = body.referralCode
  if (body.destinationChainId !== undefined) request.destination_chain_id = body.destinationChainId
  if (body.refundReceiver !== undefined) request.refund_receiver = body.refundReceiver
  if (body.variableEstimates !== undefined) request.variable_estimates_json = JSON.stringify(body.variableEstimates)
  if (body.explain !== undefined) request.explain = body.explain
  return request
}
