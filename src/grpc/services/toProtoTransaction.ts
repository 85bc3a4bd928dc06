import type { TxAnswer } from '../../service/types.js'
import type { Transaction } from '../generated/switchyard/routing/v1/Transaction.js'

/**
 * Maps a transaction answer to the proto message.
 * @param tx - the use case's transaction
 * @returns the `Transaction` message
 */
export function toProtoTransaction(tx: TxAnswer): Transaction {
  return { data: tx.data, to: tx.to, from: tx.from, value: tx.value }
}
