import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { parseBundleRequest } from '../../schemas/bundleRequest.js'
import { parseReplayRequest } from '../../schemas/replayRequest.js'
import { parseRouteRequest } from '../../schemas/routeRequest.js'
import { normalizeQuery, type QueryShape } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toProtoRouteRequest, type RestRouteRequest } from '../mapping/toProtoRouteRequest.js'
import { toProtoBundleRequest } from '../mapping/toProtoBundleRequest.js'
import { toProtoReplayRequest, type RestReplayRequest } from '../mapping/toProtoReplayRequest.js'
import { toRestReplayResponse } from '../mapping/toRestReplayResponse.js'
import { replayResponseSchema } from '../schemas/replayResponse.js'
import { toRestBundleResponse } from '../mapping/toRestBundleResponse.js'
import { toRestQuoteResponse } from '../mapping/toRestQuoteResponse.js'
import { toRestRouteResponse } from '../mapping/toRestRouteResponse.js'
import { bundleResponseSchema } from '../schemas/bundleResponse.js'
import { quoteResponseSchema, type RestQuoteResponse } from '../schemas/quoteResponse.js'
import { routeResponseSchema, type RestRouteResponse } from '../schemas/routeResponse.js'

/** Response header listing `field=value` (URI-encoded, comma-separated) for ignored unknown ignore entries. */
export const IGNORED_FILTERS_HEADER = 'x-switchyard-ignored-filters'

/**
 * Ignore entries that name nothing we integrate (the vendor's slugs) are dropped, not refused: the
 * header says which, each URI-encoded so no value can split it.
 */
function reportIgnoredFilters(reply: FastifyReply, unknown: readonly string[]): void {
  if (unknown.length > 0) reply.header(IGNORED_FILTERS_HEADER, unknown.map(encodeURIComponent).join(', '))
}

/** How GET /shortcuts/route reads its query string. */
export const routeQueryShape: QueryShape = {
  lists: ['amountIn', 'tokenIn', 'tokenOut', 'minAmountOut', 'fee', 'ignoreAggregators', 'ignoreStandards', 'ignoreBridges'],
  numbers: ['chainId', 'destinationChainId'],
  booleans: ['toEoa', 'explain'],
  json: ['variableEstimates'],
}

/** How POST /shortcuts/bundle reads its query string (the SDK sends the bundle parameters there). */
export const bundleQueryShape: QueryShape = {
  lists: ['ignoreAggregators', 'ignoreStandards'],
  numbers: ['chainId'],
  booleans: ['skipQuote', 'explain'],
}

/**
 * `POST /shortcuts/route` (JSON body; `variableEstimates` required) and `GET /shortcuts/route`
 * (query). Both run the shared validator first, because JSON type errors (an amount sent as a
 * number, a scalar for an array) would be lost in proto conversion, then call RoutingService.Route
 * with the caller's original strings.
 */
export const shortcutsRoutes: FastifyPluginAsync = async (app) => {
  async function route(request: FastifyRequest, reply: FastifyReply, input: unknown, requireVariableEstimates: boolean): Promise<RestRouteResponse> {
    parseRouteRequest(input, { requireVariableEstimates })
    const { response, metadata } = await app.grpc.route(toCallContext(request, reply), toProtoRouteRequest(input as RestRouteRequest))
    reply.headers(rateLimitHeadersOf(metadata))
    reportIgnoredFilters(reply, response.unknown_filters)
    return toRestRouteResponse(response)
  }
  const schema = { response: { 200: routeResponseSchema } }
  app.post('/shortcuts/route', { schema }, (request, reply) => route(request, reply, request.body, true))
  app.get('/shortcuts/route', { schema }, (request, reply) => route(request, reply, normalizeQuery(request.query, routeQueryShape), false))

  // GET /shortcuts/quote: the route's amounts without its transaction; fromAddress optional.
  app.get('/shortcuts/quote', { schema: { response: { 200: quoteResponseSchema } } }, async (request, reply): Promise<RestQuoteResponse> => {
    const query = normalizeQuery(request.query, routeQueryShape) as Partial<RestRouteRequest>
    const { response, metadata } = await app.grpc.quote(toCallContext(request, reply), toProtoRouteRequest({ ...query, fromAddress: query.fromAddress ?? '' } as RestRouteRequest))
    reply.headers(rateLimitHeadersOf(metadata))
    reportIgnoredFilters(reply, response.unknown_filters)
    return toRestQuoteResponse(response)
  })

  // POST /shortcuts/replay: an answer (by quoteId, or in full) run again on its block.
  app.post('/shortcuts/replay', { schema: { response: { 200: replayResponseSchema } } }, async (request, reply) => {
    parseReplayRequest(request.body)
    const { response, metadata } = await app.grpc.replay(toCallContext(request, reply), toProtoReplayRequest(request.body as RestReplayRequest))
    reply.headers(rateLimitHeadersOf(metadata))
    return toRestReplayResponse(response)
  })

  // POST /shortcuts/bundle: parameters in the query, the JSON array of actions in the body.
  app.post('/shortcuts/bundle', { schema: { response: { 200: bundleResponseSchema } } }, async (request, reply) => {
    const params = normalizeQuery(request.query, bundleQueryShape)
    parseBundleRequest(params, request.body)
    const { response, metadata } = await app.grpc.bundle(toCallContext(request, reply), toProtoBundleRequest(params, request.body))
    reply.headers(rateLimitHeadersOf(metadata))
    return toRestBundleResponse(response)
  })
}
