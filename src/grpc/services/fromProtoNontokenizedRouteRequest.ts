import type { NontokenizedRouteRequest__Output } from '../generated/switchyard/routing/v1/NontokenizedRouteRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC non-tokenized route request to the REST query shape the use case validates: unset
 * optional fields and empty optional lists are left out; uint64 chain ids become numbers.
 * @param request - the decoded request
 * @returns the REST-shaped request
 */
export function fromProtoNontokenizedRouteRequest(request: NontokenizedRouteRequest__Output): Record<string, unknown> {
  const out: Record<string, unknown> = { tokenIn: request.token_in, amountIn: request.amount_in }
  if (request.from_address !== '') out.fromAddress = request.from_address
  if (request.position_out !== '') out.positionOut = request.position_out
  if (request.receiver !== '') out.receiver = request.receiver
  const optional = {
    chain_id: 'chainId', routing_strategy: 'routingStrategy', referral_code: 'referralCode', destination_chain_id: 'destinationChainId',
    slippage: 'slippage', fee_receiver: 'feeReceiver', spender: 'spender', refund_receiver: 'refundReceiver',
  } as const satisfies Partial<Record<keyof NontokenizedRouteRequest__Output, string>>
  for (const [field, name] of Object.entries(optional) as [keyof typeof optional, string][]) {
    if (hasField(request, field)) out[name] = request[field]
  }
  for (const name of ['chainId', 'destinationChainId']) if (typeof out[name] === 'string') out[name] = Number(out[name])
  const lists = { fee: 'fee', ignore_aggregators: 'ignoreAggregators', ignore_bridges: 'ignoreBridges', ignore_standards: 'ignoreStandards' } as const
  for (const [field, name] of Object.entries(lists) as [keyof typeof lists, string][]) if (request[field].length > 0) out[name] = request[field]
  return out
}
