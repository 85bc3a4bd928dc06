import { STATUS_CODES } from 'node:http'
import type { ErrorEnvelope } from '../../errors/status.js'
import type { RouteError__Output } from '../../grpc/generated/switchyard/routing/v1/RouteError.js'
import { NO_ROUTE_MESSAGE } from './toErrorReply.js'

const CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/

function issuesOf(json: string): ErrorEnvelope['details'] {
  if (json === '') return undefined
  try {
    const parsed: unknown = JSON.parse(json)
    if (!Array.isArray(parsed)) return undefined
    const issues = parsed.filter((i): i is { field: string; reason: string } => typeof i?.field === 'string' && typeof i?.reason === 'string')
    return issues.length > 0 ? issues.slice(0, 50).map(({ field, reason }) => ({ field, reason })) : undefined
  } catch {
    return undefined
  }
}

/**
 * Maps one route's failure (a batch item's, a stream block's) to the REST error envelope, as a single
 * route's failure reads: `{statusCode, error, message, code, details?}`. `NO_ROUTE` carries the spec's
 * message; a status or code the server should never send becomes a 500 `Internal error.`.
 * @param error - the `RouteError` message
 * @returns the envelope
 */
export function toRestRouteError(error: RouteError__Output): ErrorEnvelope {
  const statusCode = error.status_code
  if (!CODE_PATTERN.test(error.code) || statusCode < 400 || statusCode > 599 || statusCode === 500) {
    return { statusCode: 500, error: STATUS_CODES[500]!, message: 'Internal error.', code: 'INTERNAL' }
  }
  const details = issuesOf(error.details_json)
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? (statusCode === 499 ? 'Client Closed Request' : 'Error'),
    message: error.code === 'NO_ROUTE' ? NO_ROUTE_MESSAGE : error.message.slice(0, 1000),
    code: error.code,
    ...(details ? { details } : {}),
  }
}
