import { randomUUID } from 'node:crypto'
import { Metadata, type handleUnaryCall, type ServerUnaryCall, type sendUnaryData } from '@grpc/grpc-js'
import type { Logger } from 'pino'
import { DuplicateAuthorizationError, OverloadedError, retryAfterSecondsOf } from '../errors/admission.js'
import { RateLimitedError } from '../errors/request.js'
import { statusOf } from '../errors/status.js'
import { authenticate, type AuthContext, type AuthenticateErrorType } from '../service/auth/authenticate.js'
import type { RateLimitResult } from '../service/auth/createRateLimiter.js'
import { parseAuthorization } from '../service/auth/parseAuthorization.js'
import type { Caller, CallOptions } from '../service/types.js'
import { clientIpOf, peerAddressOf } from './clientIpOf.js'
import { GATEWAY_AUTHENTICATED_METADATA, isGatewayCall } from './gatewayCredential.js'
import { createCallSignal } from './createCallSignal.js'
import type { InflightLimiter } from './createInflightLimiter.js'
import { toGrpcError } from './toGrpcError.js'
import { toRateLimitMetadata } from './toRateLimitMetadata.js'

/** What every handler shares: auth, logging, who may forward a client IP, and the work bound. */
export type HandlerContext = {
  auth: AuthContext
  logger: Logger
  /** The gateway's credential: only a caller presenting it may state the client IP or pre-authenticate. */
  gatewaySecret?: string | undefined
  /** When given, the credential is believed only from these peer IPs. */
  trustedProxies?: ReadonlySet<string> | undefined
  /** Bound on in-flight route work; calls past it are refused with OVERLOADED. */
  inflight?: InflightLimiter | undefined
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

type CallerOfReturnType =
  | { ok: true; caller: Caller; /** Unset when the gateway charged the budget. */ rateLimit: RateLimitResult | undefined }
  | { ok: false; error: AuthenticateErrorType | DuplicateAuthorizationError; rateLimit: RateLimitResult }

/**
 * Resolves the caller. Two `authorization` values are refused (DUPLICATE_AUTHORIZATION, after
 * charging the client IP's budget, as any request without a usable key). A call from the gateway
 * (its credential) that says it already authenticated the key and charged its budget is not charged
 * again: the key is only looked up. Anything else goes through {@link authenticate}.
 */
async function callerOf(ctx: HandlerContext, metadata: Metadata, peer: string): Promise<CallerOfReturnType> {
  const authorization = metadata.get('authorization')
  const clientIp = clientIpOf({ metadata, peer, gatewaySecret: ctx.gatewaySecret, trustedProxies: ctx.trustedProxies })
  if (authorization.length > 1) {
    const rateLimit = await ctx.auth.ipLimiter.check(`ip:${clientIp}`)
    const error = rateLimit.allowed ? new DuplicateAuthorizationError() : new RateLimitedError({ retryAfterSeconds: rateLimit.retryAfterSeconds })
    return { ok: false, error, rateLimit }
  }
  const preauthenticated = metadata.get(GATEWAY_AUTHENTICATED_METADATA)[0] === '1' && isGatewayCall(metadata, ctx.gatewaySecret)
  if (preauthenticated && (ctx.trustedProxies === undefined || ctx.trustedProxies.has(peerAddressOf(peer)))) {
    const token = parseAuthorization(authorization)
    const key = token === undefined ? undefined : ctx.auth.apiKeys.find(token)
    if (key !== undefined) return { ok: true, caller: { accountId: key.accountId, keyId: key.keyId }, rateLimit: undefined }
  }
  return authenticate(ctx.auth, { authorization, clientIp })
}

/**
 * Wraps the work of one unary RPC so that it:
 * 1. authenticates and charges the rate limit before anything else, sending the `x-ratelimit-*`
 *    metadata (trailers on error; once admitted, also as initial metadata, sent with the answer);
 *    calls the gateway has already authenticated and charged (its credential) are only looked up, so
 *    a key has one budget;
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
    const fail = (err: unknown) => {
      const metadata = trailers ?? new Metadata()
      const retryAfter = retryAfterSecondsOf(err)
      if (retryAfter !== undefined && metadata.get('retry-after').length === 0) metadata.set('retry-after', String(retryAfter))
      const { error, code, unexpected } = toGrpcError(err, metadata)
      // The level matches the outcome, as in the gateway: client errors (4xx) info and 501 warn,
      // without the error (no stack); our failures (5xx, unexpected errors) error, with it.
      const http = statusOf(code).http
      if (unexpected) ctx.logger.error(log({ err, code }), 'grpc call failed with an unexpected error')
      else if (http === 501) ctx.logger.warn(log({ code }), 'grpc call failed')
      else if (http >= 500) ctx.logger.error(log({ err, code }), 'grpc call failed')
      else ctx.logger.info(log({ code }), 'grpc call failed')
      send(error)
    }
    // Async because the budgets may live on a shared store (Redis); its failure is a mapped error.
    void (async () => {
      requestId = requestIdOf(call.metadata)
      const auth = await callerOf(ctx, call.metadata, call.getPeer())
      trailers = auth.rateLimit ? toRateLimitMetadata(auth.rateLimit) : new Metadata()
      if (!auth.ok) {
        fail(auth.error)
        return
      }
      keyId = auth.caller.keyId
      let release = () => {}
      if (ctx.inflight?.covers(method)) {
        const acquired = ctx.inflight.tryAcquire()
        if (acquired === undefined) {
          fail(new OverloadedError({ retryAfterSeconds: 1 }))
          return
        }
        release = acquired
        dispose = release
      }
      initial = trailers.clone()
      const callSignal = createCallSignal(call)
      dispose = () => {
        callSignal.dispose()
        release()
      }
      const options: CallOptions = { caller: auth.caller, signal: callSignal.signal, deadline: callSignal.deadline, requestId }
      Promise.resolve()
        .then(() => work(call.request, options))
        .then((response) => {
          ctx.logger.debug(log({ code: 'OK' }), 'grpc call')
          send(null, response)
        }, fail)
        .catch((err: unknown) => ctx.logger.error(log({ err }), 'grpc handler failed while answering'))
    })().catch(fail)
  }
}

