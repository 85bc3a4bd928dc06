import { InvalidRequestError } from '../../errors/request.js'
import type { RouteRequest__Output } from '../generated/switchyard/routing/v1/RouteRequest.js'
import { hasField } from './hasField.js'

export type FromProtoRouteRequestErrorType = InvalidRequestError

/**
 * Maps a gRPC route request to the REST shape (camelCase) the route use case validates.
 * - Unset `optional` fields are left out, so defaults apply exactly as for REST; a field set to
 *   its zero value (e.g. `chain_id = 0`) is kept and validated.
 * - Optional lists (`min_amount_out`, `fee`, `ignore_*`) are left out when empty: proto3 cannot
 *   tell an empty list from an absent one. Required lists are always passed, so an empty one fails
 *   validation as missing. An empty `from_address` is left out for the same reason.
 * - `chain_id`/`destination_chain_id` arrive as strings (uint64) and become numbers; values above
 *   2^53 stay out of range and are rejected by the validator.
 * - `variable_estimates_json` is parsed into `variableEstimates`.
 * - `account_id` is ignored: the account always comes from the authenticated key.
 * @param request - the decoded request
 * @returns the REST-shaped request
 * @throws {@link FromProtoRouteRequestErrorType} INVALID_JSON when `variable_estimates_json` is not JSON
 */
export function fromProtoRouteRequest(request: RouteRequest__Output): Record<string, unknown> {
  const out: Record<string, unknown> = {
    amountIn: request.amount_in,
    tokenIn: request.token_in,
    tokenOut: request.token_out,
  }
  if (request.from_address !== '') out.fromAddress = request.from_address
  const optional = {
    chain_id: 'chainId',
    routing_strategy: 'routingStrategy',
    to_eoa: 'toEoa',
    receiver: 'receiver',
    spender: 'spender',
    slippage: 'slippage',
    fee_receiver: 'feeReceiver',
    referral_code: 'referralCode',
    destination_chain_id: 'destinationChainId',
    refund_receiver: 'refundReceiver',
    explain: 'explain',
  } as const satisfies Partial<Record<keyof RouteRequest__Output, string>>
  for (const [field, name] of Object.entries(optional) as [keyof typeof optional, string][]) {
    if (hasField(request, field)) out[name] = request[field]
  }
  for (const name of ['chainId', 'destinationChainId']) {
    if (typeof out[name] === 'string') out[name] = Number(out[name])
  }
  const lists = {
    min_amount_out: 'minAmountOut',
    fee: 'fee',
    ignore_aggregators: 'ignoreAggregators',
    ignore_standards: 'ignoreStandards',
    ignore_bridges: 'ignoreBridges',
  } as const satisfies Partial<Record<keyof RouteRequest__Output, string>>
  for (const [field, name] of Object.entries(lists) as [keyof typeof lists, string][]) {
    if ((request[field] ?? []).length > 0) out[name] = request[field]
  }
  if (hasField(request, 'variable_estimates_json')) out.variableEstimates = parseVariableEstimates(request.variable_estimates_json ?? '')
  return out
}

function parseVariableEstimates(json: string): unknown {
  try {
    return JSON.parse(json) as unknown
  } catch {
    const reason = 'variable_estimates_json must be a JSON object'
    throw new InvalidRequestError({ code: 'INVALID_JSON', message: `variableEstimates: ${reason}`, issues: [{ field: 'variableEstimates', reason }] })
  }
}
