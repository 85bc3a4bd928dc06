import type { FastifyPluginAsync } from 'fastify'
import type { ProtocolsRequest } from '../../grpc/generated/switchyard/data/v1/ProtocolsRequest.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestProtocol } from '../mapping/toRestProtocol.js'
import { protocolsQuerySchema } from '../schemas/protocolsQuery.js'
import { protocolsResponseSchema, type RestProtocol } from '../schemas/protocolsResponse.js'

/** `GET /protocols?chainId&slug`: protocols served, `[{ project, slug, name, description, url, logosUri, chains }]`. */
export const protocolsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/protocols', { schema: { response: { 200: protocolsResponseSchema } } }, async (request, reply): Promise<RestProtocol[]> => {
    const query = protocolsQuerySchema.parse(request.query, { reportInput: true })
    const protoRequest: ProtocolsRequest = {}
    if (query.chainId !== undefined) protoRequest.chain_id = query.chainId
    if (query.slug !== undefined) protoRequest.slug = query.slug
    const { response, metadata } = await app.grpc.protocols(toCallContext(request, reply), protoRequest)
    reply.headers(rateLimitHeadersOf(metadata))
    return response.protocols.map(toRestProtocol)
  })
}
