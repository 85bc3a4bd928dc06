import { status as GrpcStatus } from '@grpc/grpc-js'

/** One row of the error table: stable code → gRPC status → HTTP status. */
export type StatusRow = { grpc: GrpcStatus; http: number }

/**
 * The one table mapping our stable error codes to gRPC and HTTP statuses. Anything not listed is
 * INTERNAL / 500. Unlike grpc-gateway's table, RESOURCE_EXHAUSTED maps to 429 (the spec requires 429
 * for rate limits); a full work queue is 503 (retryable), a too-large message 413.
 */
export const statusTable: Record<string, StatusRow> = {
  // 400: the request itself is wrong.
  INVALID_ARGUMENT: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_ADDRESS: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_CHECKSUM: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_AMOUNT: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  AMOUNT_TOO_LARGE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_TYPE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_JSON: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  UNKNOWN_FIELD: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  MISSING_FIELD: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  TOO_MANY_ITEMS: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  TOO_DEEP: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  LENGTH_MISMATCH: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  SAME_TOKEN: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  DUPLICATE_TOKEN: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_TOKEN: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_RECEIVER: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  // Receivers that can never use the tokens (see src/service/assertUsableAddresses.ts).
  RECEIVER_IS_PRECOMPILE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  RECEIVER_IS_PROTOCOL_CONTRACT: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  RECEIVER_IS_TOKEN_CONTRACT: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  SENDER_IS_PRECOMPILE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_SLIPPAGE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_FEE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  FEE_RECEIVER_REQUIRED: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  REFERRAL_TOO_LONG: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_REFERRAL_CODE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_STRATEGY: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  UNKNOWN_AGGREGATOR: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  UNSUPPORTED_CHAIN: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  SAME_CHAIN_BRIDGE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  CROSS_CHAIN_NOT_SUPPORTED: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  // More than one `Authorization` header / `authorization` metadata value: refused before any key lookup.
  DUPLICATE_AUTHORIZATION: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  // 400 with the spec's message: no route.
  TOO_MANY_ACTIONS: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_REFERENCE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  UNKNOWN_ACTION: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  DELEGATE_ONLY: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_PRIMARY_ADDRESS: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  BRIDGE_NOT_SUPPORTED: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  // A published operation switchyard does not serve (POST /shortcuts/static/ipor): the message says what instead.
  NOT_SUPPORTED: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  NO_BRIDGE_ROUTE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  BRIDGE_CAPACITY: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  CALLBACK_UNFUNDED: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_GAS_LIMIT: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  CROSS_CHAIN_MULTI_TOKEN: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  // Between an external chain and the devnet: nothing would deliver (src/service/assertBridgeDelivered.ts).
  CROSS_CHAIN_UNDELIVERABLE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_TX_HASH: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  MISSING_ESTIMATE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_ACTION: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  INVALID_POSITION: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 400 },
  NO_ROUTE: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 400 },
  // A token the request moves refuses every transfer: paused, or blocklisting an address it moves through.
  TOKEN_PAUSED: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 400 },
  TOKEN_BLOCKLISTED: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 400 },
  SIMULATION_REVERTED: { grpc: GrpcStatus.FAILED_PRECONDITION, http: 400 },
  UNAUTHENTICATED: { grpc: GrpcStatus.UNAUTHENTICATED, http: 401 },
  PERMISSION_DENIED: { grpc: GrpcStatus.PERMISSION_DENIED, http: 403 },
  NOT_FOUND: { grpc: GrpcStatus.NOT_FOUND, http: 404 },
  // POST /shortcuts/replay: a quoteId no longer (or never) kept.
  QUOTE_NOT_FOUND: { grpc: GrpcStatus.NOT_FOUND, http: 404 },
  PAYLOAD_TOO_LARGE: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { grpc: GrpcStatus.INVALID_ARGUMENT, http: 415 },
  RATE_LIMITED: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, http: 429 },
  // Route subscriptions: the key (or the server) holds its most; a subscriber that stopped reading.
  TOO_MANY_SUBSCRIPTIONS: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, http: 429 },
  SLOW_READER: { grpc: GrpcStatus.RESOURCE_EXHAUSTED, http: 429 },
  // The engine's queue is full: retryable, the server is busy.
  RESOURCE_EXHAUSTED: { grpc: GrpcStatus.UNAVAILABLE, http: 503 },
  WORKER_CRASHED: { grpc: GrpcStatus.UNAVAILABLE, http: 503 },
  UPSTREAM_UNAVAILABLE: { grpc: GrpcStatus.UNAVAILABLE, http: 503 },
  UNAVAILABLE: { grpc: GrpcStatus.UNAVAILABLE, http: 503 },
  // Admission refused: the bound on in-flight route work is reached (retry after `retry-after`).
  OVERLOADED: { grpc: GrpcStatus.UNAVAILABLE, http: 503 },
  DEADLINE_EXCEEDED: { grpc: GrpcStatus.DEADLINE_EXCEEDED, http: 504 },
  CANCELLED: { grpc: GrpcStatus.CANCELLED, http: 499 },
  NOT_IMPLEMENTED: { grpc: GrpcStatus.UNIMPLEMENTED, http: 501 },
  INTERNAL: { grpc: GrpcStatus.INTERNAL, http: 500 },
}

const fallback: StatusRow = { grpc: GrpcStatus.INTERNAL, http: 500 }

/** Status row of a code (INTERNAL when unknown). */
export function statusOf(code: string): StatusRow {
  return statusTable[code] ?? fallback
}

/** HTTP status for a bare gRPC status, used when a call fails without our code (transport errors). */
export function httpStatusOfGrpc(code: GrpcStatus): number {
  switch (code) {
    case GrpcStatus.OK: return 200
    case GrpcStatus.INVALID_ARGUMENT: case GrpcStatus.FAILED_PRECONDITION: case GrpcStatus.OUT_OF_RANGE: return 400
    case GrpcStatus.UNAUTHENTICATED: return 401
    case GrpcStatus.PERMISSION_DENIED: return 403
    case GrpcStatus.NOT_FOUND: return 404
    case GrpcStatus.ALREADY_EXISTS: case GrpcStatus.ABORTED: return 409
    case GrpcStatus.RESOURCE_EXHAUSTED: return 429
    case GrpcStatus.CANCELLED: return 499
    case GrpcStatus.UNIMPLEMENTED: return 501
    case GrpcStatus.UNAVAILABLE: return 503
    case GrpcStatus.DEADLINE_EXCEEDED: return 504
    default: return 500
  }
}

/** The JSON error envelope shared by REST bodies and gRPC `details`. */
export type ErrorEnvelope = {
  statusCode: number
  error: string
  message: string
  code: string
  details?: { field: string; reason: string }[] | undefined
  /** Decoded revert reason or other technical detail. */
  detail?: string | undefined
  requestId?: string | undefined
}

/** Metadata key carrying the stable error code on gRPC errors. */
export const errorCodeMetadataKey = 'switchyard-error-code'
