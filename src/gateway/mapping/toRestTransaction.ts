import type { Transaction__Output } from '../../grpc/generated/switchyard/routing/v1/Transaction.js'
import type { RestTransaction } from '../schemas/transaction.js'

/**
 * Proto transaction → REST `{data, to, from, value}`.
 * @param tx - the gRPC transaction
 * @returns the REST transaction
 */
export function toRestTransaction(tx: Transaction__Output): RestTransaction {
  return { data: tx.data, to: tx.to, from: tx.from, value: tx.value }
}
