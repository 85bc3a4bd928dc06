import type { Server, ServiceDefinition } from '@grpc/grpc-js'
import type { SwitchyardServices } from '../../service/switchyardServices.js'
import { createUnaryHandler, type HandlerContext } from '../createUnaryHandler.js'
import type { RoutingServiceHandlers } from '../generated/switchyard/routing/v1/RoutingService.js'
import { fromProtoApproveRequest } from './fromProtoApproveRequest.js'
import { fromProtoBundleRequest } from './fromProtoBundleRequest.js'
import { fromProtoNontokenizedRouteRequest } from './fromProtoNontokenizedRouteRequest.js'
import { fromProtoReplayRequest } from './fromProtoReplayRequest.js'
import { fromProtoRouteRequest } from './fromProtoRouteRequest.js'
import { toProtoApproveResponse } from './toProtoApproveResponse.js'
import { toProtoBundleResponse } from './toProtoBundleResponse.js'
import { toProtoNontokenizedRouteResponse } from './toProtoNontokenizedRouteResponse.js'
import { toProtoQuoteResponse } from './toProtoQuoteResponse.js'
import { toProtoReplayResponse } from './toProtoReplayResponse.js'
import { toProtoRouteResponse } from './toProtoRouteResponse.js'

export type RoutingServiceContext = HandlerContext & {
  services: Pick<SwitchyardServices, 'route' | 'quote' | 'approve' | 'bundle' | 'nontokenizedRoute' | 'replay'>
  /** `switchyard.routing.v1.RoutingService` from the loaded package definition. */
  definition: ServiceDefinition
}

/** The RoutingService implementation: its handlers and how to register them. */
export type RoutingService = {
  handlers: RoutingServiceHandlers
  addToServer(server: Pick<Server, 'addService'>): void
}

/**
 * Builds the RoutingService (Route, Quote, Approve, Bundle, RouteNontokenized, Replay). Handlers only translate: proto → REST-shaped request,
 * the injected use case, answer → proto. Validation happens in the use case, shared with REST.
 * gRPC callers need not send `variable_estimates_json` (the gateway enforces it for REST POST).
 * @param ctx - {@link RoutingServiceContext}
 * @returns {@link RoutingService}
 */
export function createRoutingService(ctx: RoutingServiceContext): RoutingService {
  const handlers: RoutingServiceHandlers = {
    Route: createUnaryHandler(ctx, {
      method: 'RoutingService/Route',
      work: async (request, options) =>
        toProtoRouteResponse(await ctx.services.route(fromProtoRouteRequest(request), { ...options, requireVariableEstimates: false })),
    }),
    Quote: createUnaryHandler(ctx, {
      method: 'RoutingService/Quote',
      work: async (request, options) => toProtoQuoteResponse(await ctx.services.quote(fromProtoRouteRequest(request), options)),
    }),
    Approve: createUnaryHandler(ctx, {
      method: 'RoutingService/Approve',
      work: async (request, options) => toProtoApproveResponse(await ctx.services.approve(fromProtoApproveRequest(request), options)),
    }),
    Bundle: createUnaryHandler(ctx, {
      method: 'RoutingService/Bundle',
      work: async (request, options) => toProtoBundleResponse(await ctx.services.bundle(fromProtoBundleRequest(request), options)),
    }),
    Replay: createUnaryHandler(ctx, {
      method: 'RoutingService/Replay',
      work: async (request, options) => toProtoReplayResponse(await ctx.services.replay(fromProtoReplayRequest(request), options)),
    }),
    RouteNontokenized: createUnaryHandler(ctx, {
      method: 'RoutingService/RouteNontokenized',
      work: async (request, options) => toProtoNontokenizedRouteResponse(await ctx.services.nontokenizedRoute(fromProtoNontokenizedRouteRequest(request), options)),
    }),
  }
  return { handlers, addToServer: (server) => server.addService(ctx.definition, handlers) }
}
