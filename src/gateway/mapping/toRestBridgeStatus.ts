import type { BridgeStatusResponse__Output } from '../../grpc/generated/switchyard/data/v1/BridgeStatusResponse.js'
import { InternalError } from '../../errors/request.js'
import { bridgeStatuses, type RestBridgeStatus } from '../schemas/bridgeStatusResponse.js'

function parseEvent(json: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (cause) {
    throw new InternalError({ cause })
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InternalError()
  return value as Record<string, unknown>
}

/**
 * The proto bridge status → the REST body: uint64 chain ids as numbers, optional fields only when
 * set, the events' JSON text parsed back into objects.
 * @param response - the gRPC answer
 * @returns the REST body
 * @throws InternalError when the server sent a status or event JSON outside the contract
 */
export function toRestBridgeStatus(response: BridgeStatusResponse__Output): RestBridgeStatus {
  const status = response.status as RestBridgeStatus['status']
  if (!bridgeStatuses.includes(status)) throw new InternalError()
  return {
    sourceChainId: Number(response.source_chain_id),
    sourceTxHash: response.source_tx_hash,
    ...(response.destination_chain_id === undefined ? {} : { destinationChainId: Number(response.destination_chain_id) }),
    ...(response.destination_tx_hash === undefined ? {} : { destinationTxHash: response.destination_tx_hash }),
    status,
    ...(response.error === undefined ? {} : { error: response.error }),
    ...(response.source_event_json === undefined ? {} : { ensoSourceEvent: parseEvent(response.source_event_json) }),
    ...(response.destination_event_json === undefined ? {} : { ensoDestinationEvent: parseEvent(response.destination_event_json) }),
  }
}
