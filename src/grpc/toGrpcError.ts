import type { Metadata, StatusObject } from '@grpc/grpc-js'
import { BaseError } from '../errors/base.js'
import { InvalidRequestError } from '../errors/request.js'
import { errorCodeMetadataKey, statusOf, statusTable } from '../errors/status.js'

/** The JSON carried in gRPC `details`; the gateway turns it into the REST error body. */
export type GrpcErrorDetails = {
  code: string
  message: string
  /** Every invalid field, for INVALID_ARGUMENT. */
  details?: { field: string; reason: string }[]
  /** Technical detail (e.g. a decoded revert reason), only on client errors (HTTP < 500). */
  detail?: string
}

export type ToGrpcErrorReturnType = {
  /** Pass to the unary callback. */
  error: Partial<StatusObject>
  /** The stable code sent. */
  code: string
  /** True when the error was not one we threw on purpose (or is INTERNAL): log it in full. */
  unexpected: boolean
}

/**
 * Maps anything a handler threw to a gRPC error through the one code table (`errors/status.ts`).
 * Only `BaseError`s with a code listed in the table keep their message; everything else becomes
 * INTERNAL `Internal error.`, so no internal message, path or stack reaches the client. `detail`
 * is sent only for client errors: 5xx details may name workers or queues (THREATS §0).
 * @param err - the thrown value
 * @param metadata - trailers to send (rate-limit keys); the error code key is added
 */
export function toGrpcError(err: unknown, metadata: Metadata): ToGrpcErrorReturnType {
  const known = err instanceof BaseError && err.code !== 'INTERNAL' && Object.hasOwn(statusTable, err.code)
  const code = known ? err.code : 'INTERNAL'
  const row = statusOf(code)
  const body: GrpcErrorDetails = { code, message: known ? err.shortMessage : 'Internal error.' }
  if (known && err instanceof InvalidRequestError) body.details = err.issues
  if (known && err.details !== undefined && row.http < 500) body.detail = err.details
  metadata.set(errorCodeMetadataKey, code)
  return {
    error: { code: row.grpc, details: JSON.stringify(body), metadata },
    code,
    unexpected: !known,
  }
}
