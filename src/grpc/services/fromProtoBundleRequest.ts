import { InvalidRequestError } from '../../errors/request.js'
import type { BundleRequest__Output } from '../generated/switchyard/routing/v1/BundleRequest.js'
import { hasField } from './hasField.js'

export type FromProtoBundleRequestErrorType = InvalidRequestError

/**
 * Maps a gRPC bundle request to what the bundle use case validates: REST-named query parameters and
 * the parsed JSON array of actions. Unset optional fields are left out (defaults apply as for REST);
 * empty lists are left out; `chain_id` (uint64 string) becomes a number.
 * @param request - the decoded request
 * @returns `{ params, actions }`
 * @throws {@link FromProtoBundleRequestErrorType} INVALID_JSON when `actions_json` is not JSON
 */
export function fromProtoBundleRequest(request: BundleRequest__Output): { params: Record<string, unknown>; actions: unknown } {
  const params: Record<string, unknown> = {}
  if (request.from_address !== '') params.fromAddress = request.from_address
  const optional = {
    chain_id: 'chainId',
    routing_strategy: 'routingStrategy',
    receiver: 'receiver',
    spender: 'spender',
    refund_receiver: 'refundReceiver',
    referral_code: 'referralCode',
    skip_quote: 'skipQuote',
    slippage: 'slippage',
    callback_gas_limit: 'callbackGasLimit',
    execution_mode: 'executionMode',
    explain: 'explain',
  } as const satisfies Partial<Record<keyof BundleRequest__Output, string>>
  for (const [field, name] of Object.entries(optional) as [keyof typeof optional, string][]) {
    if (hasField(request, field)) params[name] = request[field]
  }
  if (typeof params.chainId === 'string') params.chainId = Number(params.chainId)
  if (request.ignore_aggregators.length > 0) params.ignoreAggregators = request.ignore_aggregators
  if (request.ignore_standards.length > 0) params.ignoreStandards = request.ignore_standards
  let actions: unknown
  try {
    actions = JSON.parse(request.actions_json) as unknown
  } catch {
    const reason = 'actions_json must be a JSON array of {protocol, action, args}'
    throw new InvalidRequestError({ code: 'INVALID_JSON', message: `actions: ${reason}`, issues: [{ field: 'actions', reason }] })
  }
  return { params, actions }
}
