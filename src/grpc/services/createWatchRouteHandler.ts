import { Metadata, type handleServerStreamingCall, type ServerWritableStream } from '@grpc/grpc-js'
import { RateLimitedError } from '../../errors/request.js'
import { chargeKey } from '../../service/auth/chargeKey.js'
import type { RouteStreamServices } from '../../service/createRouteStreamServices.js'
import type { RouteSubscription } from '../../service/watchRoute.js'
import type { WatchEvent, WatchSink } from '../../service/watch/createRouteWatchRegistry.js'
import { callerOf, isPreauthenticated } from '../callerOf.js'
import { createCallSignal } from '../createCallSignal.js'
import type { HandlerContext } from '../createUnaryHandler.js'
import type { RouteRequest__Output } from '../generated/switchyard/routing/v1/RouteRequest.js'
import type { WatchRouteResponse } from '../generated/switchyard/routing/v1/WatchRouteResponse.js'
import { requestIdOf } from '../requestIdOf.js'
import { toFailedCallStatus } from '../toFailedCallStatus.js'
import { toRateLimitMetadata } from '../toRateLimitMetadata.js'
import { fromProtoRouteRequest } from './fromProtoRouteRequest.js'
import { toProtoWatchRouteResponse } from './toProtoWatchRouteResponse.js'

/** The method's name in logs and in the in-flight bound. */
export const WATCH_ROUTE_METHOD = 'RouteStreamService/WatchRoute'

/** What the WatchRoute handler needs. */
export type WatchRouteHandlerContext = HandlerContext & {
  services: Pick<RouteStreamServices, 'watchRoute'>
  /** Most events a reader may leave unread (`SWITCHYARD_WATCH_BUFFER`). */
  buffer: number
}

type Call = ServerWritableStream<RouteRequest__Output, WatchRouteResponse>

/**
 * The WatchRoute handler: authenticates as a unary call does (the interceptor charged the call), takes
 * an in-flight slot for the first answer only (past the bound it may only join an identical
 * computation, as a single route), ends with the mapped error before any message when the request is
 * refused, then streams the subscription's events. Each answer after the first is charged to the key
 * (unless the gateway, which charges them itself, made the call); a refused charge ends the stream
 * RATE_LIMITED. A reader with `buffer` events unread is dropped (SLOW_READER). A cancelled call closes
 * the subscription at once.
 * @param ctx - {@link WatchRouteHandlerContext}
 * @returns the grpc-js handler
 */
export function createWatchRouteHandler(ctx: WatchRouteHandlerContext): handleServerStreamingCall<RouteRequest__Output, WatchRouteResponse> {
  return (call: Call) => {
    const started = performance.now()
    const requestId = requestIdOf(call.metadata)
    let keyId: string | undefined
    let trailers: Metadata | undefined
    let subscription: RouteSubscription | undefined
    let ended = false
    let dispose = () => {}
    const fields = (extra: Record<string, unknown> = {}) => ({ method: WATCH_ROUTE_METHOD, requestId, keyId, ms: Math.round(performance.now() - started), ...extra })
    const end = (err?: unknown) => {
      if (ended) return
      ended = true
      subscription?.close()
      dispose()
      if (call.cancelled) return
      if (err === undefined) call.end()
      else call.emit('error', toFailedCallStatus(ctx.logger, { err, trailers: trailers?.clone(), fields: fields() }))
    }
    call.on('cancelled', () => end())
    const write = (event: WatchEvent) => {
      const { message, unexpected } = toProtoWatchRouteResponse(event)
      if (unexpected && event.kind === 'error') ctx.logger.error(fields({ err: event.error }), 'route watch: a re-quote failed unexpectedly')
      call.write(message)
    }
    void (async () => {
      const auth = ctx.admittedOf?.(call.metadata) ?? (await callerOf(ctx, call.metadata, call.getPeer()))
      trailers = auth.rateLimit ? toRateLimitMetadata(auth.rateLimit) : new Metadata()
      if (!auth.ok) return end(auth.error)
      keyId = auth.caller.keyId
      let release = () => {}
      let joinOnly = false
      if (ctx.inflight?.covers(WATCH_ROUTE_METHOD)) {
        const acquired = ctx.inflight.tryAcquire()
        if (acquired === undefined) joinOnly = true
        else release = acquired
      }
      const callSignal = createCallSignal(call)
      dispose = () => {
        callSignal.dispose()
        release()
      }
      const charge = isPreauthenticated(ctx, call.metadata, call.getPeer()) ? undefined : () => chargeKey(ctx.auth, { authorization: call.metadata.get('authorization') })
      let pending = 0
      let chain = Promise.resolve()
      const sink: WatchSink = {
        send(event) {
          if (ended) return true
          if (pending + call.writableLength >= ctx.buffer) return false
          pending++
          chain = chain
            .then(async () => {
              if (ended) return
              const budget = event.kind === 'answer' && charge ? await charge() : undefined
              if (budget && !budget.allowed) return end(new RateLimitedError({ retryAfterSeconds: budget.retryAfterSeconds }))
              if (!ended) write(event)
            })
            .catch((err: unknown) => end(err))
            .finally(() => pending--)
          return true
        },
        end: (error) => end(error),
      }
      const options = { caller: auth.caller, signal: callSignal.signal, deadline: callSignal.deadline, requestId, ...(joinOnly ? { joinOnly } : {}), sink }
      subscription = await ctx.services.watchRoute(fromProtoRouteRequest(call.request), options)
      // The first answer's work is done: the subscription holds no in-flight slot while it lasts.
      release()
      if (ended) return subscription.close()
      call.sendMetadata(trailers.clone())
      const first = subscription.first
      write({ kind: 'answer', blockNumber: first.blockNumber ?? first.createdAt, answer: first, changed: [] })
      ctx.logger.debug(fields({ code: 'OK' }), 'route watch subscribed')
    })().catch((err: unknown) => end(err))
  }
}
