import { Metadata, type handleUnaryCall, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js'
import type { Logger } from 'pino'
import type { CallOptions } from '../service/types.js'
import { callerOf, type CallerOfContext, type CallerOfReturnType } from './callerOf.js'
import { createCallSignal } from './createCallSignal.js'
import type { InflightLimiter } from './createInflightLimiter.js'
import { requestIdOf } from './requestIdOf.js'
import { toFailedCallStatus } from './toFailedCallStatus.js'
import { toRateLimitMetadata } from './toRateLimitMetadata.js'

/** What every handler shares: auth, logging, who may forward a client IP, and the work bound. */
export type HandlerContext = CallerOfContext & {
  logger: Logger
  /** Bound on in-flight route work; calls past it are refused with OVERLOADED. */
  inflight?: InflightLimiter | undefined
  /**
   * The caller the server's auth interceptor admitted for a call's metadata (`createAuthInterceptor`),
   * which has charged its budget before the message was read. Without it, or for a call it did not
   * see, the handler authenticates and charges itself.
   */
  admittedOf?: ((metadata: Metadata) => CallerOfReturnType | undefined) | undefined
}

/** The work of one RPC, after authentication: request in, response out, errors thrown. */
export type UnaryWork<Req, Res> = (request: Req, options: CallOptions, call: ServerUnaryCall<Req, Res>) => Promise<Res> | Res

export type CreateUnaryHandlerParameters<Req, Res> = {
  /** Method name for logs, e.g. `RoutingService/Route`. */
  method: string
  work: UnaryWork<Req, Res>
}

/**
 * Wraps the work of one unary RPC so that it:
 * 1. authenticates and charges the rate limit before anything else (on the server, the auth
 *    interceptor has done it before the message was read: see `createAuthInterceptor`), sending the
 *    `x-ratelimit-*` metadata (trailers on error; once admitted, also as initial metadata, sent with
 *    the answer); calls the gateway has already authenticated and charged (its credential) are only
 *    looked up, so a key has one budget;
 * 2. admits route work only below the in-flight bound (OVERLOADED with `retry-after` past it, at
 *    once: nothing queues beyond the bound);
 * 3. runs the work with an AbortSignal from the call's deadline and cancellation;
 * 4. answers exactly once: a sync throw or a rejected promise becomes a mapped gRPC error (unknown
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
    /** Set once the call is admitted: the rate-limit metadata, sent as initial metadata with the answer. */
    let initial: Metadata | undefined
    let keyId: string | undefined
    let requestId: string | undefined
    const log = (fields: Record<string, unknown>) => ({ method, requestId, keyId, ms: Math.round(performance.now() - started), ...fields })
    const send = (error: Parameters<sendUnaryData<Res>>[0], value?: Res) => {
      if (answered) return
      answered = true
      dispose()
      try {
        // An admitted call's initial metadata goes right before its answer: headers, message and
        // trailers leave in one write instead of two.
        if (initial) call.sendMetadata(initial)
        if (error) callback(error)
        else callback(null, value)
      } catch (err) {
        ctx.logger.error(log({ err }), 'grpc callback failed')
      }
    }
    const fail = (err: unknown) => send(toFailedCallStatus(ctx.logger, { err, trailers, fields: log({}) }))
    // Async because the budgets may live on a shared store (Redis); its failure is a mapped error.
    void (async () => {
      requestId = requestIdOf(call.metadata)
      // Admitted by the server's interceptor (charged before the message was read), or checked here.
      const auth = ctx.admittedOf?.(call.metadata) ?? await callerOf(ctx, call.metadata, call.getPeer())
      trailers = auth.rateLimit ? toRateLimitMetadata(auth.rateLimit) : new Metadata()
      if (!auth.ok) {
        fail(auth.error)
        return
      }
      keyId = auth.caller.keyId
      let release = () => {}
      // Past the bound a call gets no slot and may only join an identical computation already in flight
      // (or kept for its block); the use case refuses it OVERLOADED where it would have to compute.
      let joinOnly = false
      if (ctx.inflight?.covers(method)) {
        const acquired = ctx.inflight.tryAcquire()
        if (acquired === undefined) joinOnly = true
        else {
          release = acquired
          dispose = release
        }
      }
      initial = trailers.clone()
      const callSignal = createCallSignal(call)
      dispose = () => {
        callSignal.dispose()
        release()
      }
      const options: CallOptions = { caller: auth.caller, signal: callSignal.signal, deadline: callSignal.deadline, requestId, ...(joinOnly ? { joinOnly } : {}) }
      Promise.resolve()
        .then(() => work(call.request, options, call))
        .then((response) => {
          ctx.logger.debug(log({ code: 'OK' }), 'grpc call')
          send(null, response)
        }, fail)
        .catch((err: unknown) => ctx.logger.error(log({ err }), 'grpc handler failed while answering'))
    })().catch(fail)
  }
}

