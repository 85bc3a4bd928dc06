import { Metadata } from '@grpc/grpc-js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CallContext } from '../plugins/grpcClient.js'

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/**
 * Builds the gRPC call context of an HTTP request: `authorization` verbatim (auth and rate limits
 * live on the gRPC side, so both transports share one budget), the client IP as `x-forwarded-for`,
 * and `x-request-id`. An `authorization` value that is not printable ASCII cannot be a valid key
 * and is not a legal gRPC metadata value, so it is dropped (the server then answers UNAUTHENTICATED).
 * The signal aborts when the HTTP client disconnects before the reply is sent, cancelling the call.
 * @param request - the Fastify request
 * @param reply - its reply
 * @returns the call context
 */
export function toCallContext(request: FastifyRequest, reply: FastifyReply): CallContext {
  const metadata = new Metadata()
  const authorization = request.headers.authorization
  if (typeof authorization === 'string' && PRINTABLE_ASCII.test(authorization)) metadata.set('authorization', authorization)
  metadata.set('x-forwarded-for', request.ip)
  metadata.set('x-request-id', request.id)
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return { metadata, signal: controller.signal }
}
