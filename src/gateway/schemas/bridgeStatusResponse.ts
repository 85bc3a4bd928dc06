/** Where a bridge transaction stands (the SDK's `BridgeStatusData`, OpenAPI `BridgeTransactionResponse`). */
export type RestBridgeStatus = {
  sourceChainId: number
  sourceTxHash: string
  destinationChainId?: number
  destinationTxHash?: string
  status: 'pending' | 'inflight' | 'delivered' | 'failed' | 'unknown'
  error?: string
  /** Our source-side events (OpenAPI `EnsoEvent` fields plus `bridgeSent`). */
  ensoSourceEvent?: Record<string, unknown>
  /** Our receiver's callback event (OpenAPI `EnsoEvent` fields plus the event's own). */
  ensoDestinationEvent?: Record<string, unknown>
}

/** The statuses the OpenAPI lists. */
export const bridgeStatuses = ['pending', 'inflight', 'delivered', 'failed', 'unknown'] as const

const event = { type: 'object', additionalProperties: true } as const

/** Response schema of GET /{bridgeProtocol}/bridge/check (fast-json-stringify). */
export const bridgeStatusResponseSchema = {
  type: 'object',
  required: ['sourceChainId', 'sourceTxHash', 'status'],
  properties: {
    sourceChainId: { type: 'integer' },
    sourceTxHash: { type: 'string' },
    destinationChainId: { type: 'integer' },
    destinationTxHash: { type: 'string' },
    status: { type: 'string', enum: bridgeStatuses },
    error: { type: 'string' },
    ensoSourceEvent: event,
    ensoDestinationEvent: event,
  },
} as const
