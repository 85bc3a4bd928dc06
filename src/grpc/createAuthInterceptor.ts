import { ServerInterceptingCall, type Metadata, type ServerInterceptor } from '@grpc/grpc-js'
import type { Logger } from 'pino'
import { callerOf, type CallerOfContext, type CallerOfReturnType } from './callerOf.js'
import { requestIdOf } from './requestIdOf.js'
import { toFailedCallStatus } from './toFailedCallStatus.js'
import { toRateLimitMetadata } from './toRateLimitMetadata.js'

/** Parameters of {@link createAuthInterceptor}. */
export type CreateAuthInterceptorParameters = CallerOfContext & {
  logger: Logger
  /** Full names of the services whose calls need a key (`switchyard.routing.v1.RoutingService`, …); others pass untouched. */
  services: readonly string[]
}

/** What {@link createAuthInterceptor} returns. */
export type AuthInterceptor = {
  /** Install with `new Server({ interceptors: [interceptor] })`. */
  interceptor: ServerInterceptor
  /** The caller admitted for a call, by the metadata object the interceptor handed on (`call.metadata` in the handler). */
  admittedOf(metadata: Metadata): CallerOfReturnType | undefined
}

/**
 * Authentication before the message, the gRPC twin of the gateway's `onRequest` auth hook: a server
 * interceptor resolves the caller and charges its budget when a call's metadata arrives, before
 * grpc-js reads, size-checks or decodes its message. A refused call (missing, malformed, unknown or
 * duplicate key, spent budget, store down) ends there with the mapped status and the `x-ratelimit-*`
 * trailers, its message never read; an admitted one goes on to its handler, which takes the caller
 * from {@link AuthInterceptor.admittedOf} instead of charging again. So a call grpc-js refuses on its
 * own once the message is read (larger than the limit, undecodable, a second message) has been
 * charged to the same budget as the REST request the gateway refuses after its hook (413, 400
 * INVALID_JSON, 415), and a keyless one is refused UNAUTHENTICATED as REST answers 401.
 * @param params - {@link CreateAuthInterceptorParameters}
 * @returns {@link AuthInterceptor}
 */
export function createAuthInterceptor(params: CreateAuthInterceptorParameters): AuthInterceptor {
  const admitted = new WeakMap<Metadata, CallerOfReturnType>()
  const prefixes = params.services.map((s) => `/${s}/`)
  const interceptor: ServerInterceptor = (method, call) => {
    if (!prefixes.some((p) => method.path.startsWith(p))) return new ServerInterceptingCall(call)
    const started = performance.now()
    // As the handlers name themselves in logs: `RoutingService/Route`.
    const name = method.path.slice(method.path.lastIndexOf('.', method.path.lastIndexOf('/')) + 1)
    const intercepting: ServerInterceptingCall = new ServerInterceptingCall(call, {
      start: (next) =>
        next({
          onReceiveMetadata: (metadata, proceed) => {
            const refuse = (err: unknown, trailers: Metadata | undefined) => {
              const fields = { method: name, requestId: requestIdOf(metadata), ms: Math.round(performance.now() - started) }
              intercepting.sendStatus(toFailedCallStatus(params.logger, { err, trailers, fields }))
            }
            callerOf(params, metadata, call.getPeer()).then(
              (auth) => {
                if (!auth.ok) return refuse(auth.error, toRateLimitMetadata(auth.rateLimit))
                admitted.set(metadata, auth)
                proceed(metadata)
              },
              (err: unknown) => refuse(err, undefined),
            )
          },
        }),
    })
    return intercepting
  }
  return { interceptor, admittedOf: (metadata) => admitted.get(metadata) }
}
