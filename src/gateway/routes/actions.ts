import type { FastifyPluginAsync } from 'fastify'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestAction } from '../mapping/toRestAction.js'
import { actionParamsSchema, actionsResponseSchema, type RestAction } from '../schemas/actionsResponse.js'

/**
 * `GET /actions`: every bundle action once, with its inputs (merged across protocols).
 * `GET /actions/:slug`: that protocol's actions with their exact inputs; an unknown slug is 404
 * `NOT_FOUND` (from the service).
 */
export const actionsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/actions', { schema: { response: { 200: actionsResponseSchema } } }, async (request, reply): Promise<RestAction[]> => {
    const { response, metadata } = await app.grpc.actions(toCallContext(request, reply), {})
    reply.headers(rateLimitHeadersOf(metadata))
    return response.actions.map(toRestAction)
  })
  app.get('/actions/:slug', { schema: { response: { 200: actionsResponseSchema } } }, async (request, reply): Promise<RestAction[]> => {
    const { slug } = actionParamsSchema.parse(request.params, { reportInput: true })
    const { response, metadata } = await app.grpc.actions(toCallContext(request, reply), { slug })
    reply.headers(rateLimitHeadersOf(metadata))
    return response.actions.map(toRestAction)
  })
}
