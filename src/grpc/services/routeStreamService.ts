import type { Server, ServiceDefinition } from '@grpc/grpc-js'
import { RateLimitedError } from '../../errors/request.js'
import { chargeKey } from '../../service/auth/chargeKey.js'
import type { RouteStreamServices } from '../../service/createRouteStreamServices.js'
import { MAX_BATCH_ROUTES, type RouteBatchItemResult } from '../../service/routeBatch.js'
import { isPreauthenticated } from '../callerOf.js'
import { createUnaryHandler, type HandlerContext } from '../createUnaryHandler.js'
import type { RouteBatchItem } from '../generated/switchyard/routing/v1/RouteBatchItem.js'
import type { RouteBatchRequest__Output } from '../generated/switchyard/routing/v1/RouteBatchRequest.js'
import type { RouteBatchResponse } from '../generated/switchyard/routing/v1/RouteBatchResponse.js'
import type { RouteStreamServiceHandlers } from '../generated/switchyard/routing/v1/RouteStreamService.js'
import { createWatchRouteHandler } from './createWatchRouteHandler.js'
import { fromProtoRouteRequest } from './fromProtoRouteRequest.js'
import { toProtoRouteError } from './toProtoRouteError.js'
import { toProtoRouteResponse } from './toProtoRouteResponse.js'

/** The method's name in logs and in the in-flight bound. */
export const ROUTE_BATCH_METHOD = 'RouteStreamService/RouteBatch'

export type RouteStreamServiceContext = HandlerContext & {
  services: Pick<RouteStreamServices, 'watchRoute' | 'routeBatch'>
  /** `switchyard.routing.v1.RouteStreamService` from the loaded package definition. */
  definition: ServiceDefinition
  /** Most events a subscriber may leave unread (`SWITCHYARD_WATCH_BUFFER`). */
  buffer: number
}

/** The RouteStreamService implementation: its handlers and how to register them. */
export type RouteStreamService = {
  handlers: RouteStreamServiceHandlers
  addToServer(server: Pick<Server, 'addService'>): void
}

/**
 * Items after the first are charged to the key, in order (the call itself was charged at admission);
 * an item the budget refuses is answered RATE_LIMITED without running. A call the gateway made is
 * charged by the gateway, item by item, so nothing is charged here.
 */
async function refusedItems(charge: (() => ReturnType<typeof chargeKey>) | undefined, count: number): Promise<Map<number, RateLimitedError>> {
  const refused = new Map<number, RateLimitedError>()
  if (charge === undefined || count > MAX_BATCH_ROUTES) return refused
  for (let i = 1; i < count; i++) {
    const budget = await charge()
    if (budget && !budget.allowed) refused.set(i, new RateLimitedError({ retryAfterSeconds: budget.retryAfterSeconds }))
  }
  return refused
}

/**
 * Builds the RouteStreamService (WatchRoute, RouteBatch). Handlers only translate and charge: proto →
 * REST-shaped requests, the injected use cases, answers → proto; validation happens in the use cases,
 * shared with REST. A batch item's failure is its own `RouteError`, never the call's.
 * @param ctx - {@link RouteStreamServiceContext}
 * @returns {@link RouteStreamService}
 */
export function createRouteStreamService(ctx: RouteStreamServiceContext): RouteStreamService {
  const toItem = (result: RouteBatchItemResult, requestId: string | undefined): RouteBatchItem => {
    if (result.ok) return { answer: toProtoRouteResponse(result.answer) }
    const { error, unexpected } = toProtoRouteError(result.error)
    if (unexpected) ctx.logger.error({ method: ROUTE_BATCH_METHOD, requestId, err: result.error }, 'a batch item failed unexpectedly')
    return { error }
  }
  const handlers: RouteStreamServiceHandlers = {
    WatchRoute: createWatchRouteHandler(ctx),
    RouteBatch: createUnaryHandler<RouteBatchRequest__Output, RouteBatchResponse>(ctx, {
      method: ROUTE_BATCH_METHOD,
      work: async (request, options, call) => {
        const charge = isPreauthenticated(ctx, call.metadata, call.getPeer()) ? undefined : () => chargeKey(ctx.auth, { authorization: call.metadata.get('authorization') })
        const refused = await refusedItems(charge, request.requests.length)
        const mapped: RouteBatchItemResult[] = []
        const admitted: unknown[] = []
        const slots: number[] = []
        request.requests.forEach((item, i) => {
          const error = refused.get(i)
          if (error) return void (mapped[i] = { ok: false, error })
          try {
            admitted.push(fromProtoRouteRequest(item))
            slots.push(i)
          } catch (err) {
            mapped[i] = { ok: false, error: err }
          }
        })
        // Every item refused or malformed: nothing to run, but the sizes are still checked.
        const results = admitted.length > 0 || request.requests.length === 0 || request.requests.length > MAX_BATCH_ROUTES
          ? await ctx.services.routeBatch(request.requests.length > MAX_BATCH_ROUTES ? request.requests : admitted, options)
          : []
        results.forEach((result, j) => {
          mapped[slots[j]!] = result
        })
        return { items: mapped.map((result) => toItem(result, options.requestId)) }
      },
    }),
  }
  return { handlers, addToServer: (server) => server.addService(ctx.definition, handlers) }
}
