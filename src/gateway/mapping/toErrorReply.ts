import { STATUS_CODES } from 'node:http'
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js'
import { ZodError } from 'zod'
import { BaseError } from '../../errors/base.js'
import { InvalidRequestError } from '../../errors/request.js'
import { errorCodeMetadataKey, httpStatusOfGrpc, statusTable, type ErrorEnvelope } from '../../errors/status.js'
import { toInvalidRequestError } from '../../schemas/toInvalidRequestError.js'
import { rateLimitHeadersOf } from './rateLimitHeadersOf.js'

/** The spec's fixed message for "no route". */
export const NO_ROUTE_MESSAGE = 'Could not build shortcuts for route'

/** What the error handler sends. */
export type ErrorReply = {
  statusCode: number
  /** Extra response headers (rate limits). */
  headers: Record<string, string>
  envelope: ErrorEnvelope & { requestId: string }
}

type Issue = { field: string; reason: string }
type Parts = { statusCode: number; code: string; message: string; details?: Issue[] | undefined; detail?: string | undefined }

/** Messages for errors whose own text must not be shown (transport failures, garbage details). */
const GENERIC_MESSAGES: Record<number, string> = {
  400: 'Invalid request.',
  401: 'Missing or invalid API key. Send "Authorization: Bearer <key>".',
  403: 'Permission denied.',
  404: 'Not found.',
  408: 'Request timeout.',
  409: 'Conflict.',
  413: 'Request too large.',
  429: 'Rate limit exceeded.',
  499: 'Request cancelled.',
  501: 'Not implemented.',
  503: 'Service unavailable, retry later.',
  504: 'The request timed out.',
}

const INTERNAL: Parts = { statusCode: 500, code: 'INTERNAL', message: 'Internal error.' }
const MAX_MESSAGE = 1000
const MAX_ISSUES = 50
const CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/

/** Fastify's own errors we answer with our codes. */
const FASTIFY_CODES: Record<string, { statusCode: number; code: string; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, code: 'INVALID_JSON', message: 'Body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, code: 'INVALID_JSON', message: 'Body is empty but Content-Type is application/json.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type; send application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, code: 'INVALID_ARGUMENT', message: 'Content-Length does not match the body.' },
  FST_ERR_NOT_FOUND: { statusCode: 404, code: 'NOT_FOUND' },
}

/** Codes for HTTP statuses when nothing more specific is known. */
const CODE_OF_HTTP: Record<number, string> = {
  400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED', 431: 'HEADERS_TOO_LARGE',
}

/** True for grpc-js call errors (status, details, metadata). */
export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as ServiceError).code === 'number' && (error as ServiceError).metadata instanceof Metadata
}

function truncate(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text
}

function issuesOf(value: unknown): Issue[] | undefined {
  if (!Array.isArray(value)) return undefined
  const issues = value
    .filter((i): i is Issue => typeof i === 'object' && i !== null && typeof i.field === 'string' && typeof i.reason === 'string')
    .slice(0, MAX_ISSUES)
    .map((i) => ({ field: truncate(i.field), reason: truncate(i.reason) }))
  return issues.length ? issues : undefined
}

function parseEnvelope(details: string): { code: string; message: string; details?: unknown; detail?: unknown } | undefined {
  if (!details.startsWith('{')) return undefined
  try {
    const parsed: unknown = JSON.parse(details)
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { code, message } = parsed as { code?: unknown; message?: unknown }
    if (typeof code !== 'string' || !CODE_PATTERN.test(code) || typeof message !== 'string') return undefined
    return parsed as { code: string; message: string }
  } catch {
    return undefined
  }
}

function fromGrpcStatus(status: GrpcStatus, details: string): Parts {
  if (status === GrpcStatus.RESOURCE_EXHAUSTED && /message larger than max/i.test(details)) {
    return { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: GENERIC_MESSAGES[413] ?? '' }
  }
  const statusCode = httpStatusOfGrpc(status)
  if (statusCode >= 500 && statusCode !== 501 && statusCode !== 503 && statusCode !== 504) return INTERNAL
  const code = status === GrpcStatus.RESOURCE_EXHAUSTED ? 'RATE_LIMITED' : (GrpcStatus[status] ?? 'INTERNAL')
  return { statusCode, code, message: GENERIC_MESSAGES[statusCode] ?? 'Error.' }
}

function fromServiceError(error: ServiceError): Parts {
  const envelope = parseEnvelope(error.details ?? '')
  const trailer = error.metadata.get(errorCodeMetadataKey)[0]
  const code = envelope?.code ?? (typeof trailer === 'string' && CODE_PATTERN.test(trailer) ? trailer : undefined)
  if (code === undefined) return fromGrpcStatus(error.code, error.details ?? '')
  const statusCode = statusTable[code]?.http ?? httpStatusOfGrpc(error.code)
  if (statusCode === 500) return INTERNAL
  const message = code === 'NO_ROUTE' ? NO_ROUTE_MESSAGE : envelope ? truncate(envelope.message) : (GENERIC_MESSAGES[statusCode] ?? 'Error.')
  return {
    statusCode, code, message,
    details: issuesOf(envelope?.details),
    detail: typeof envelope?.detail === 'string' ? truncate(envelope.detail) : undefined,
  }
}

function fromBaseError(error: BaseError): Parts {
  const statusCode = statusTable[error.code]?.http ?? 500
  // Our own 5xx errors (not implemented, unavailable, timed out) carry safe messages; only 500 hides.
  if (statusCode === 500 || statusCode > 504) return INTERNAL
  const message = error.code === 'NO_ROUTE' ? NO_ROUTE_MESSAGE : error.shortMessage
  return { statusCode, code: error.code, message, details: error instanceof InvalidRequestError ? error.issues : undefined }
}

function fromFastifyError(error: Error & { code?: unknown; statusCode?: unknown; validation?: unknown }): Parts {
  const known = typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined
  if (known) return { statusCode: known.statusCode, code: known.code, message: known.message ?? truncate(error.message) }
  if (error.validation) return { statusCode: 400, code: 'INVALID_ARGUMENT', message: truncate(error.message) }
  const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500
  if (statusCode < 400 || statusCode >= 500) return INTERNAL
  return { statusCode, code: CODE_OF_HTTP[statusCode] ?? 'INVALID_ARGUMENT', message: GENERIC_MESSAGES[statusCode] ?? 'Invalid request.' }
}

/**
 * Maps any error to the REST envelope `{statusCode, error, message, code, details?, detail?, requestId}`.
 * gRPC errors use the JSON envelope in `details` (or the `switchyard-error-code` trailer) and the one
 * status table; anything unknown or 500 becomes `Internal error.` so no stack, URL, key or worker
 * detail leaks. `NO_ROUTE` always carries the spec's message.
 * @param error - whatever a handler, hook or parser threw
 * @param options.requestId - echoed in the body
 * @returns status, extra headers and body
 */
export function toErrorReply(error: unknown, { requestId }: { requestId: string }): ErrorReply {
  let parts: Parts
  let headers: Record<string, string> = {}
  if (isServiceError(error)) {
    parts = fromServiceError(error)
    headers = rateLimitHeadersOf(error.metadata)
  } else if (error instanceof ZodError) parts = fromBaseError(toInvalidRequestError(error))
  else if (error instanceof BaseError) parts = fromBaseError(error)
  else if (error instanceof Error) parts = fromFastifyError(error)
  else parts = INTERNAL
  const envelope: ErrorReply['envelope'] = {
    statusCode: parts.statusCode,
    error: STATUS_CODES[parts.statusCode] ?? (parts.statusCode === 499 ? 'Client Closed Request' : 'Error'),
    message: parts.message,
    code: parts.code,
    ...(parts.details ? { details: parts.details } : {}),
    ...(parts.detail ? { detail: parts.detail } : {}),
    requestId,
  }
  return { statusCode: parts.statusCode, headers, envelope }
}
