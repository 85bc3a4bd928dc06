import type { ApproveAnswer } from '../../service/types.js'
import type { ApproveResponse } from '../generated/switchyard/routing/v1/ApproveResponse.js'
import { toProtoTransaction } from './toProtoTransaction.js'

/**
 * Maps an approve answer to the proto message.
 * @param answer - the approve use case's answer
 * @returns the `ApproveResponse` message
 */
export function toProtoApproveResponse(answer: ApproveAnswer): ApproveResponse {
  return {
    tx: toProtoTransaction(answer.tx),
    gas: answer.gas,
    token: answer.token,
    amount: answer.amount,
    spender: answer.spender,
    prerequisites: answer.prerequisites.map(toProtoTransaction),
    requires_zero_allowance_first: answer.requiresZeroAllowanceFirst,
  }
}
