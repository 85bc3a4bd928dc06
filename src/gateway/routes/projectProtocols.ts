import type { FastifyPluginAsync } from 'fastify'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestProtocol } from '../mapping/toRestProtocol.js'
import { projectParamsSchema } from '../schemas/projectParams.js'
import { protocolsResponseSchema, type RestProtocol } from '../schemas/protocolsResponse.js'

/** `GET /projects/:project/protocols`: the protocols of one project, as GET /protocols lists them; an unknown project is 404 `NOT_FOUND`. */
export const projectProtocolsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/projects/:project/protocols', { schema: { response: { 200: protocolsResponseSchema } } }, async (request, reply): Promise<RestProtocol[]> => {
    const { project } = projectParamsSchema.parse(request.params, { reportInput: true })
    const { response, metadata } = await app.grpc.projectProtocols(toCallContext(request, reply), { project })
    reply.headers(rateLimitHeadersOf(metadata))
    return response.protocols.map(toRestProtocol)
  })
}
