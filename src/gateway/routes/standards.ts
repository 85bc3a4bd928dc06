import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { InternalError } from '../../errors/request.js'
import type { Standard__Output } from '../../grpc/generated/switchyard/data/v1/Standard.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestProtocol } from '../mapping/toRestProtocol.js'
import { toRestStandard } from '../mapping/toRestStandard.js'
import { protocolSchema, type RestProtocol } from '../schemas/protocolsResponse.js'
import { standardParamsSchema } from '../schemas/standardParams.js'
import { standardSchema, standardsResponseSchema, type RestStandard } from '../schemas/standardsResponse.js'

/**
 * `GET /standards`: every protocol with the actions it supports (named as the OpenAPI's
 * `StandardAction` enum names them). `GET /standards/:slug`: that protocol as the published
 * document's `ProtocolModel` object (`{ project, slug, name, description, url, logosUri, chains }`);
 * `GET /integration/:slug` (spec.md's path): that protocol's standard, one object. An unknown slug
 * is 404 `NOT_FOUND` (from the service).
 */
export const standardsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/standards', { schema: { response: { 200: standardsResponseSchema } } }, async (request, reply): Promise<RestStandard[]> => {
    const { response, metadata } = await app.grpc.standards(toCallContext(request, reply), {})
    reply.headers(rateLimitHeadersOf(metadata))
    return response.standards.map(toRestStandard)
  })

  async function standardBySlug(request: FastifyRequest, reply: FastifyReply): Promise<Standard__Output> {
    const { slug } = standardParamsSchema.parse(request.params, { reportInput: true })
    const { response, metadata } = await app.grpc.standards(toCallContext(request, reply), { slug })
    reply.headers(rateLimitHeadersOf(metadata))
    const [standard] = response.standards
    if (!standard) throw new BaseError('Standard not found.', { code: 'NOT_FOUND' })
    return standard
  }
  // The published document types /standards/{slug} as a ProtocolModel (@ensofinance/sdk passes the body through).
  app.get('/standards/:slug', { schema: { response: { 200: protocolSchema } } }, async (request, reply): Promise<RestProtocol> => {
    const standard = await standardBySlug(request, reply)
    if (!standard.details) throw new InternalError()
    return toRestProtocol(standard.details)
  })
  app.get('/integration/:slug', { schema: { response: { 200: standardSchema } } }, async (request, reply): Promise<RestStandard> => toRestStandard(await standardBySlug(request, reply)))
}
