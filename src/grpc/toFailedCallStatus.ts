import { Metadata, type StatusObject } from '@grpc/grpc-js'
import type { Logger } from 'pino'
import { retryAfterSecondsOf } from '../errors/admission.js'
import { statusOf } from '../errors/status.js'
import { toGrpcError } from './toGrpcError.js'

/** Parameters of {@link toFailedCallStatus}. */
export type ToFailedCallStatusParameters = {
  /** What refused or failed the call. */
  err: unknown
  /** Trailers to send with it (the rate-limit keys); `retry-after` is added when the error carries one. */
  trailers: Metadata | undefined
  /** Fields of the log line (method, requestId, keyId, ms). */
  fields: Record<string, unknown>
}

/**
 * The status a refused or failed call ends with, through the one code table, logged at the level
 * of its outcome as the gateway logs it: client errors (4xx) at info and 501 at warn, without the
 * error (no stack); our failures (5xx, unexpected errors) at error, with it.
 * @param logger - where the line goes
 * @param params - {@link ToFailedCallStatusParameters}
 * @returns the status to send (`callback(status)` or `call.sendStatus(status)`)
 */
export function toFailedCallStatus(logger: Logger, { err, trailers, fields }: ToFailedCallStatusParameters): Pick<StatusObject, 'code' | 'details' | 'metadata'> {
  const metadata = trailers ?? new Metadata()
  const retryAfter = retryAfterSecondsOf(err)
  if (retryAfter !== undefined && metadata.get('retry-after').length === 0) metadata.set('retry-after', String(retryAfter))
  const { error, code, unexpected } = toGrpcError(err, metadata)
  const http = statusOf(code).http
  if (unexpected) logger.error({ ...fields, err, code }, 'grpc call failed with an unexpected error')
  else if (http === 501) logger.warn({ ...fields, code }, 'grpc call failed')
  else if (http >= 500) logger.error({ ...fields, err, code }, 'grpc call failed')
  else logger.info({ ...fields, code }, 'grpc call failed')
  return { code: error.code!, details: error.details!, metadata }
}
