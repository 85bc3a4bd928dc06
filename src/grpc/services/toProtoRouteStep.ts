import { toHopArgs } from '../../schemas/toHopArgs.js'
import type { RouteStepAnswer } from '../../service/types.js'
import type { RouteStep } from '../generated/switchyard/routing/v1/RouteStep.js'

/**
 * Maps one route step to the proto message: `args` as a JSON object whose values are strings or
 * string arrays (the OpenAPI's `Hop.args`, see {@link toHopArgs}: `fee: 3000` is `"3000"`,
 * `zeroForOne: true` is `"true"`), chain ids as decimal strings, source/destination chain ids only when set.
 * @param step - the use case's step
 * @returns the `RouteStep` message
 */
export function toProtoRouteStep(step: RouteStepAnswer): RouteStep {
  const out: RouteStep = {
    token_in: step.tokenIn,
    token_out: step.tokenOut,
    protocol: step.protocol,
    action: step.action,
    primary: step.primary,
    internal_routes: step.internalRoutes,
    args_json: JSON.stringify(toHopArgs(step.args)),
    chain_id: String(step.chainId),
  }
  if (step.sourceChainId !== undefined) out.source_chain_id = String(step.sourceChainId)
  if (step.destinationChainId !== undefined) out.destination_chain_id = String(step.destinationChainId)
  return out
}
