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

/**
 * Our events on one side (the OpenAPI's `EnsoEvent`): its fields as we fill them, plus the event's own
 * (`event`, `messageId`, `token`, `amount`, `receiver`; `bridgeSent` on the source), kept as sent.
 */
const event = {
  type: 'object',
  additionalProperties: true,
  // Nothing required: the serializer would turn a missing field into a 500; the service fills what it read.
  properties: {
    accountId: { type: 'string', description: 'From ShortcutExecuted: the API key\'s accountId' },
    requestId: { type: 'string', description: 'From ShortcutExecuted (carries the referral code)' },
    blockNumber: { type: 'integer' },
    transactionHash: { type: 'string' },
    chainId: { type: 'integer' },
    success: { type: 'boolean', description: 'Source: the transaction succeeded; destination: our receiver ran the callback (false: refunded)' },
    error: { type: 'string', description: 'Destination: why the callback was refunded (decoded revert)' },
    refundDetails: {
      type: 'object',
      additionalProperties: true,
      properties: { token: { type: 'string' }, amount: { type: 'string' }, recipient: { type: 'string' }, isNative: { type: 'boolean' } },
    },
  },
} as const

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
