import type { RouteStepAnswer } from '../../service/types.js'
import type { RouteStep } from '../generated/switchyard/routing/v1/RouteStep.js'

/** JSON.stringify replacer: bigints as base-10 strings (amounts are strings on the wire). */
function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

/**
 * Maps one route step to the proto message: `args` as a JSON string, chain ids as decimal strings,
 * source/destination chain ids only when set.
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
    args_json: JSON.stringify(step.args, bigintAsString),
    chain_id: String(step.chainId),
  }
  if (step.sourceChainId !== undefined) out.source_chain_id = String(step.sourceChainId)
  if (step.destinationChainId !== undefined) out.destination_chain_id = String(step.destinationChainId)
  return out
}
