import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestStandard } from '../mapping/toRestStandard.js'
import { standardParamsSchema } from '../schemas/standardParams.js'
import { standardSchema, standardsResponseSchema, type RestStandard } from '../schemas/standardsResponse.js'

/**
 * `GET /standards`: every protocol with the actions it supports. `GET /standards/:slug`: that
 * protocol's standard in a one-element array (what @ensofinance/sdk's `getStandardBySlug` reads);
 * `GET /integration/:slug` (the spec's path): the same standard as one object. An unknown slug is
 * 404 `NOT_FOUND` (from the service).
 */
export const standardsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/standards', { schema: { response: { 200: standardsResponseSchema } } }, async (request, reply): Promise<RestStandard[]> => {
    const { response, metadata } = await app.grpc.standards(toCallContext(request, reply), {})
    reply.headers(rateLimitHeadersOf(metadata))
    return response.standards.map(toRestStandard)
  })

  async function standardBySlug(request: FastifyRequest, reply: FastifyReply): Promise<RestStandard> {
    const { slug } = standardParamsSchema.parse(request.params, { reportInput: true })
    const { response, metadata } = await app.grpc.standards(toCallContext(request, reply), { slug })
    reply.headers(rateLimitHeadersOf(metadata))
    const [standard] = response.standards
    if (!standard) throw new BaseError('Standard not found.', { code: 'NOT_FOUND' })
    return toRestStandard(standard)
  }
  // The SDK's getStandardBySlug expects an array; the spec's /integration/{slug} one standard.
  app.get('/standards/:slug', { schema: { response: { 200: standardsResponseSchema } } }, async (request, reply): Promise<RestStandard[]> => [await standardBySlug(request, reply)])
  app.get('/integration/:slug', { schema: { response: { 200: standardSchema } } }, standardBySlug)
}
