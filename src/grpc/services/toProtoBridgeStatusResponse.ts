import type { BridgeStatusAnswer } from '../../service/types.js'
import type { BridgeStatusResponse } from '../generated/switchyard/data/v1/BridgeStatusResponse.js'

/**
 * Maps a bridge status to the proto: chain ids as uint64 strings, the optional fields only when
 * known, our events as JSON text.
 * @param answer - the use case's answer
 * @returns the proto response
 */
export function toProtoBridgeStatusResponse(answer: BridgeStatusAnswer): BridgeStatusResponse {
  return {
    source_chain_id: String(answer.sourceChainId),
    source_tx_hash: answer.sourceTxHash,
    status: answer.status,
    ...(answer.destinationChainId === undefined ? {} : { destination_chain_id: String(answer.destinationChainId) }),
    ...(answer.destinationTxHash === undefined ? {} : { destination_tx_hash: answer.destinationTxHash }),
    ...(answer.error === undefined ? {} : { error: answer.error }),
    ...(answer.ensoSourceEvent === undefined ? {} : { source_event_json: JSON.stringify(answer.ensoSourceEvent) }),
    ...(answer.ensoDestinationEvent === undefined ? {} : { destination_event_json: JSON.stringify(answer.ensoDestinationEvent) }),
  }
}
