import { Metadata } from '@grpc/grpc-js'
import { statusOf } from '../../errors/status.js'
import type { RouteError } from '../generated/switchyard/routing/v1/RouteError.js'
import { toGrpcError, type GrpcErrorDetails } from '../toGrpcError.js'

/**
 * Maps one route's failure (a batch item's, a stream block's) to the proto `RouteError`, through the
 * same code table and the same rules as a failed call ({@link toGrpcError}): only our coded errors keep
 * their message; anything else is INTERNAL `Internal error.` (the caller logs it).
 * @param err - what the route threw
 * @returns the message, and whether the error was unexpected (log it in full)
 */
export function toProtoRouteError(err: unknown): { error: RouteError; unexpected: boolean } {
  const { error, code, unexpected } = toGrpcError(err, new Metadata())
  const body = JSON.parse(error.details ?? '{}') as GrpcErrorDetails
  return {
    error: { code, message: body.message, status_code: statusOf(code).http, details_json: body.details ? JSON.stringify(body.details) : '' },
    unexpected,
  }
}
