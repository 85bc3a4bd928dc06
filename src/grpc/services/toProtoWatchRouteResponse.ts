import type { WatchEvent } from '../../service/watch/createRouteWatchRegistry.js'
import type { WatchRouteResponse } from '../generated/switchyard/routing/v1/WatchRouteResponse.js'
import { toProtoRouteError } from './toProtoRouteError.js'
import { toProtoRouteResponse } from './toProtoRouteResponse.js'

/**
 * Maps one subscription event to the stream message.
 * @param event - an answer, a heartbeat or a block's failure
 * @returns the message, and whether a failure was unexpected (log it)
 */
export function toProtoWatchRouteResponse(event: WatchEvent): { message: WatchRouteResponse; unexpected: boolean } {
  const block_number = String(event.blockNumber)
  if (event.kind === 'answer') return { message: { block_number, answer: toProtoRouteResponse(event.answer), changed: event.changed }, unexpected: false }
  if (event.kind === 'heartbeat') return { message: { block_number, heartbeat: {}, changed: [] }, unexpected: false }
  const { error, unexpected } = toProtoRouteError(event.error)
  return { message: { block_number, error, changed: ['error'] }, unexpected }
}
