import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { parseBundleRequest } from '../../schemas/bundleRequest.js'
import { parseRouteRequest } from '../../schemas/routeRequest.js'
import { normalizeQuery, type QueryShape } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toProtoRouteRequest, type RestRouteRequest } from '../mapping/toProtoRouteRequest.js'
import { toProtoBundleRequest } from '../mapping/toProtoBundleRequest.js'
import { toRestBundleResponse } from '../mapping/toRestBundleResponse.js'
import { toRestRouteResponse } from '../mapping/toRestRouteResponse.js'
import { routeResponseSchema, type RestRouteResponse } from '../schemas/routeResponse.js'

/** How GET /shortcuts/route reads its query string. */
export const routeQueryShape: QueryShape = {
  lists: ['amountIn', 'tokenIn', 'tokenOut', 'minAmountOut', 'fee', 'ignoreAggregators', 'ignoreStandards', 'ignoreBridges'],
  numbers: ['chainId', 'destinationChainId'],
  booleans: ['toEoa'],
  json: ['variableEstimates'],
}

/** How POST /shortcuts/bundle reads its query string (the SDK sends the bundle parameters there). */
export const bundleQueryShape: QueryShape = {
  lists: ['ignoreAggregators', 'ignoreStandards'],
  numbers: ['chainId'],
  booleans: ['skipQuote'],
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
    return toRestRouteResponse(response)
  }
  const schema = { response: { 200: routeResponseSchema } }
  app.post('/shortcuts/route', { schema }, (request, reply) => route(request, reply, request.body, true))
  app.get('/shortcuts/route', { schema }, (request, reply) => route(request, reply, normalizeQuery(request.query, routeQueryShape), false))

  // POST /shortcuts/bundle: parameters in the query, the JSON array of actions in the body.
  app.post('/shortcuts/bundle', async (request, reply) => {
    const params = normalizeQuery(request.query, bundleQueryShape)
    parseBundleRequest(params, request.body)
    const { response, metadata } = await app.grpc.bundle(toCallContext(request, reply), toProtoBundleRequest(params, request.body))
    reply.headers(rateLimitHeadersOf(metadata))
    return toRestBundleResponse(response)
  })
}
