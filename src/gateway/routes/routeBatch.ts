import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { RateLimitedError } from '../../errors/request.js'
import type { ErrorEnvelope } from '../../errors/status.js'
import type { RouteRequest } from '../../grpc/generated/switchyard/routing/v1/RouteRequest.js'
import type { AuthContext } from '../../service/auth/authenticate.js'
import { chargeKey } from '../../service/auth/chargeKey.js'
import { parseRouteRequest } from '../../schemas/routeRequest.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toErrorReply } from '../mapping/toErrorReply.js'
import { toProtoRouteRequest, type RestRouteRequest } from '../mapping/toProtoRouteRequest.js'
import { toRestRouteError } from '../mapping/toRestRouteError.js'
import { toRestRouteResponse } from '../mapping/toRestRouteResponse.js'
import { routeBatchEnvelopeSchema } from '../schemas/routeBatchBody.js'
import type { RestRouteResponse } from '../schemas/routeResponse.js'

/** Options of {@link routeBatchRoutes}. */
export type RouteBatchRoutesOptions = {
  /** The key store and budgets the gateway charges (when it authenticates): each item after the first is charged here. */
  auth?: AuthContext | undefined
}

/** One item of the answer: its route, or its own error. */
export type RestRouteBatchItem = { ok: true; answer: RestRouteResponse } | { ok: false; error: ErrorEnvelope }

/** An item's error before it reached the service, as the REST envelope. */
function envelopeOf(error: unknown, request: FastifyRequest): ErrorEnvelope {
  const { envelope } = toErrorReply(error, { requestId: request.id })
  const { requestId: _requestId, ...rest } = envelope
  return rest
}

/**
 * `POST /shortcuts/route/batch`: `{ "requests": [ ...1 to 50 route requests ] }`, each the JSON body of
 * POST /shortcuts/route (`variableEstimates` optional). Answers `{ "items": [...] }` in order, each
 * `{ ok: true, answer }` (the route response) or `{ ok: false, error }` (the error envelope that
 * request would have got alone). A wrong envelope (not an object with 1 to 50 `requests`) is the
 * request's 400; a wrong item is only that item's error. When the gateway charges keys, each item after
 * the first is charged here in order (the request itself paid for the first), and an item past the
 * budget is answered 429 RATE_LIMITED without running; the rest go to RouteStreamService.RouteBatch in
 * one call, where every item is answered on the same block of its chain.
 */
export const routeBatchRoutes: FastifyPluginAsync<RouteBatchRoutesOptions> = async (app, { auth }) => {
  app.post('/shortcuts/route/batch', async (request, reply): Promise<{ items: RestRouteBatchItem[] }> => {
    const { requests } = routeBatchEnvelopeSchema.parse(request.body)
    const items: (RestRouteBatchItem | undefined)[] = requests.map(() => undefined)
    if (auth !== undefined) {
      for (let i = 1; i < requests.length; i++) {
        const budget = await chargeKey(auth, { authorization: request.headers.authorization })
        if (budget && !budget.allowed) items[i] = { ok: false, error: envelopeOf(new RateLimitedError({ retryAfterSeconds: budget.retryAfterSeconds }), request) }
      }
    }
    const sent: RouteRequest[] = []
    const slots: number[] = []
    requests.forEach((item, i) => {
      if (items[i] !== undefined) return
      try {
        // As the single route: validated here first, since JSON type errors would be lost in proto conversion.
        parseRouteRequest(item, { requireVariableEstimates: false })
        sent.push(toProtoRouteRequest(item as RestRouteRequest))
        slots.push(i)
      } catch (error) {
        items[i] = { ok: false, error: envelopeOf(error, request) }
      }
    })
    if (sent.length > 0) {
      const { response, metadata } = await app.grpc.routeBatch(toCallContext(request, reply), { requests: sent })
      reply.headers(rateLimitHeadersOf(metadata))
      response.items.forEach((item, j) => {
        const slot = slots[j]
        if (slot === undefined) return
        items[slot] = item.answer ? { ok: true, answer: toRestRouteResponse(item.answer) } : { ok: false, error: toRestRouteError(item.error ?? { code: 'INTERNAL', message: '', status_code: 500, details_json: '' }) }
      })
    }
    return { items: items.map((item) => item ?? { ok: false, error: toRestRouteError({ code: 'INTERNAL', message: '', status_code: 500, details_json: '' }) }) }
  })
}
