import type { FastifyPluginAsync } from 'fastify'
import type { NetworksRequest } from '../../grpc/generated/switchyard/data/v1/NetworksRequest.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { networksQuerySchema } from '../schemas/networksQuery.js'
import { networksResponseSchema, type RestNetwork } from '../schemas/networksResponse.js'

/** `GET /networks?name&chainId`: the networks this deployment serves, `[{ id, name, isConnected }]`. */
export const networksRoutes: FastifyPluginAsync = async (app) => {
  app.get('/networks', { schema: { response: { 200: networksResponseSchema } } }, async (request, reply): Promise<RestNetwork[]> => {
    const query = networksQuerySchema.parse(request.query, { reportInput: true })
    const protoRequest: NetworksRequest = {}
    if (query.name !== undefined) protoRequest.name = query.name
    if (query.chainId !== undefined) protoRequest.chain_id = query.chainId
    const { response, metadata } = await app.grpc.networks(toCallContext(request, reply), protoRequest)
    reply.headers(rateLimitHeadersOf(metadata))
    return response.networks.map((n) => ({ id: Number(n.id), name: n.name, isConnected: n.is_connected }))
  })
}
