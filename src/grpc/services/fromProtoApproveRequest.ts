import type { ApproveRequest__Output } from '../generated/switchyard/routing/v1/ApproveRequest.js'
import { hasField } from './hasField.js'

/**
 * Maps a gRPC approve request to the REST shape the approve use case validates. Empty strings in
 * the required fields are left out (proto3 cannot tell them from absent), so validation reports them
 * missing; unset optional fields are left out; `chain_id` becomes a number.
 * @param request - the decoded request
 * @returns the REST-shaped request
 */
export function fromProtoApproveRequest(request: ApproveRequest__Output): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (request.from_address !== '') out.fromAddress = request.from_address
  if (request.token_address !== '') out.tokenAddress = request.token_address
  if (request.amount !== '') out.amount = request.amount
  if (hasField(request, 'chain_id')) out.chainId = Number(request.chain_id)
  if (hasField(request, 'routing_strategy')) out.routingStrategy = request.routing_strategy
  return out
}
