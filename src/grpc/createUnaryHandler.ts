import { randomUUID } from 'node:crypto'
import { Metadata, type handleUnaryCall, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js'
import type { Logger } from 'pino'
import { statusOf } from '../errors/status.js'
import { authenticate, type AuthContext } from '../service/auth/authenticate.js'
import type { CallOptions } from '../service/types.js'
import { clientIpOf } from './clientIpOf.js'
import { createCallSignal } from './createCallSignal.js'
import { toGrpcError } from './toGrpcError.js'
import { toRateLimitMetadata } from './toRateLimitMetadata.js'

/** What every handler shares: auth, logging, and which peers may forward a client IP. */
export type HandlerContext = {
  auth: AuthContext
  logger: Logger
  /** Peer IPs whose `x-forwarded-for` is believed (the gateway). */
  trustedProxies: ReadonlySet<string>
}

/** The work of one RPC, after authentication: request in, response out, errors thrown. */
export type UnaryWork<Req, Res> = (request: Req, options: CallOptions) => Promise<Res> | Res

export type CreateUnaryHandlerParameters<Req, Res> = {
  /** Method name for logs, e.g. `RoutingService/Route`. */
  method: string
  work: UnaryWork<Req, Res>
}

const REQUEST_ID = /^[\x21-\x7e]{1,128}$/

function requestIdOf(metadata: Metadata): string {
  const value = metadata.get('x-request-id')[0]
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : randomUUID()
}

/**
 * Wraps the work of one unary RPC so that it:
 * 1. authenticates and charges the rate limit before anything else, sending the `x-ratelimit-*`
 *    metadata (initial metadata on success, trailers on error);
 * 2. runs the work with an AbortSignal from the call's deadline and cancellation;
 * 3. answers exactly once: a sync throw or a rejected promise becomes a mapped gRPC error (unknown
 *    errors: INTERNAL `Internal error.`, logged in full, never sent), so a failing call can never
 *    take the process down (THREATS W5).
 * @param ctx - {@link HandlerContext}
 * @param params - {@link CreateUnaryHandlerParameters}
 * @returns a grpc-js unary handler
 */
export function createUnaryHandler<Req, Res>(ctx: HandlerContext, { method, work }: CreateUnaryHandlerParameters<Req, Res>): handleUnaryCall<Req, Res> {
  return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
    const started = performance.now()
    let answered = false
    let dispose = () => {}
    let trailers: Metadata | undefined
    let keyId: string | undefined
    let requestId: string | undefined
    const log = (fields: Record<string, unknown>) => ({ method, requestId, keyId, ms: Math.round(performance.now() - started), ...fields })
    const send = (error: Parameters<sendUnaryData<Res>>[0], value?: Res) => {
      if (answered) return
      answered = true
      dispose()
      try {
        if (error) callback(error)
        else callback(null, value)
      } catch (err) {
        ctx.logger.error(log({ err }), 'grpc callback failed')
      }
    }
    const fail = (err: unknown) => {
      const { error, code, unexpected } = toGrpcError(err, trailers ?? new Metadata())
      // The level matches the outcome, as in the gateway: client errors (4xx) info and 501 warn,
      // without the error (no stack); our failures (5xx, unexpected errors) error, with it.
      const http = statusOf(code).http
      if (unexpected) ctx.logger.error(log({ err, code }), 'grpc call failed with an unexpected error')
      else if (http === 501) ctx.logger.warn(log({ code }), 'grpc call failed')
      else if (http >= 500) ctx.logger.error(log({ err, code }), 'grpc call failed')
      else ctx.logger.info(log({ code }), 'grpc call failed')
      send(error)
    }
    try {
      requestId = requestIdOf(call.metadata)
      const auth = authenticate(ctx.auth, {
        authorization: call.metadata.get('authorization'),
        clientIp: clientIpOf({ metadata: call.metadata, peer: call.getPeer(), trustedProxies: ctx.trustedProxies }),
      })
      trailers = toRateLimitMetadata(auth.rateLimit)
      if (!auth.ok) {
        fail(auth.error)
        return
      }
      keyId = auth.caller.keyId
      call.sendMetadata(trailers.clone())
      const callSignal = createCallSignal(call)
      dispose = callSignal.dispose
      const options: CallOptions = { caller: auth.caller, signal: callSignal.signal, deadline: callSignal.deadline, requestId }
      Promise.resolve()
        .then(() => work(call.request, options))
        .then((response) => {
          ctx.logger.debug(log({ code: 'OK' }), 'grpc call')
          send(null, response)
        }, fail)
        .catch((err: unknown) => ctx.logger.error(log({ err }), 'grpc handler failed while answering'))
    } catch (err) {
      fail(err)
    }
  }
}

