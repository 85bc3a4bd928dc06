import type { FastifyPluginAsync } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { SubscriptionEndedError } from '../../errors/watch.js'
import type { AuthContext } from '../../service/auth/authenticate.js'
import { chargeKey } from '../../service/auth/chargeKey.js'
import { parseAuthorization } from '../../service/auth/parseAuthorization.js'
import { parseRouteRequest } from '../../schemas/routeRequest.js'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toErrorReply } from '../mapping/toErrorReply.js'
import { toProtoRouteRequest, type RestRouteRequest } from '../mapping/toProtoRouteRequest.js'
import { toWatchKey } from '../mapping/toWatchKey.js'
import { createWatchFanout } from './createWatchFanout.js'
import { routeQueryShape } from './shortcuts.js'

/** Default of {@link RouteStreamRoutesOptions.buffer} (`SWITCHYARD_WATCH_BUFFER`'s default). */
export const DEFAULT_WATCH_BUFFER = 16

/** Options of {@link routeStreamRoutes}. */
export type RouteStreamRoutesOptions = {
  /** The key store and budgets the gateway charges (when it authenticates): each answer after the first is charged here. */
  auth?: AuthContext | undefined
  /** Most events a client may leave unread before it is dropped (SLOW_READER). */
  buffer?: number | undefined
  /**
   * The service's subscription bounds (`SWITCHYARD_WATCH_MAX_PER_KEY`, `SWITCHYARD_WATCH_MAX_TOTAL`),
   * enforced here for SSE subscribers when `auth` is set (their calls are then shared, so the service
   * sees one subscription per shared call). Default: the config's defaults.
   */
  maxPerKey?: number | undefined
  maxTotal?: number | undefined
}

/** Defaults of {@link RouteStreamRoutesOptions.maxPerKey} and `maxTotal` (the config's). */
export const DEFAULT_WATCH_BOUNDS = { maxPerKey: 20, maxTotal: 10_000 }

/**
 * `GET /shortcuts/route/stream`: Server-Sent Events re-quoting a route at every new head. Same query
 * and validation as GET /shortcuts/route; a refused request (invalid, no route, too many
 * subscriptions, rate limited) is answered with the normal HTTP error before the stream starts. Then
 * `text/event-stream` with events `answer` (`{ blockNumber, changed, answer }`, the first one at once),
 * `heartbeat` (`{ blockNumber }`: nothing a user would act on changed), `error` (`{ blockNumber, error }`:
 * the route failed at that block; the stream goes on) and a last `end` (`{ statusCode, error, message,
 * code }`) when the server ends it (also when the gateway closes). Closing the connection ends the
 * subscription at once.
 */
export const routeStreamRoutes: FastifyPluginAsync<RouteStreamRoutesOptions> = async (app, options) => {
  const { auth, buffer = DEFAULT_WATCH_BUFFER } = options
  // Calls are shared only when the gateway authenticates and charges each subscriber itself: otherwise
  // the service must see (charge and bound) every subscriber, so each keeps a call of its own.
  const bounds = { maxPerKey: options.maxPerKey ?? DEFAULT_WATCH_BOUNDS.maxPerKey, maxTotal: options.maxTotal ?? DEFAULT_WATCH_BOUNDS.maxTotal }
  const fanout = createWatchFanout({ buffer, bounds: auth === undefined ? undefined : bounds })
  // Streams never end on their own: closing the app ends them (an `end` event), or it would wait for them.
  app.addHook('preClose', async () => fanout.close(new SubscriptionEndedError()))
  app.get('/shortcuts/route/stream', async (request, reply) => {
    const input = normalizeQuery(request.query, routeQueryShape)
    const params = parseRouteRequest(input, { requireVariableEstimates: false })
    const authorization = request.headers.authorization
    const token = auth === undefined ? undefined : parseAuthorization(authorization)
    const ticket = fanout.subscribe({
      key: auth === undefined ? undefined : toWatchKey({ authorization, params }),
      keyId: (token === undefined ? undefined : auth?.apiKeys.find(token)?.keyId) ?? String(authorization),
      open: () => {
        // The call belongs to every subscriber of it: no one request's disconnect may cancel it.
        const { metadata } = toCallContext(request, reply)
        const call = app.grpc.watchRoute({ metadata }, toProtoRouteRequest(input as RestRouteRequest))
        if (call === undefined) throw new BaseError('Route streams are not served by this gateway.', { code: 'NOT_IMPLEMENTED' })
        return call
      },
    })
    reply.raw.once('close', () => ticket.cancel())
    const { metadata, opened } = await ticket.ready
    // The call's rate-limit state is its opener's; a joiner keeps what the auth hook set for it.
    if (opened) reply.headers(rateLimitHeadersOf(metadata))
    reply.hijack()
    const headers = { ...reply.getHeaders(), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' }
    reply.raw.writeHead(200, headers as Record<string, string>)
    ticket.start({
      connection: reply.raw,
      charge: auth === undefined ? undefined : () => chargeKey(auth, { authorization }),
      envelopeOf: (error) => toErrorReply(error, { requestId: request.id }).envelope,
    })
  })
}
