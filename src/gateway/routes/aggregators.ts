import type { FastifyPluginAsync } from 'fastify'
import type { AggregatorsRequest } from '../../grpc/generated/switchyard/data/v1/AggregatorsRequest.js'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { aggregatorsQuerySchema, aggregatorsResponseSchema } from '../schemas/aggregatorsQuery.js'

/** `GET /aggregators?chainId`: slugs of the swap aggregators routes may use (none today: routes come from our own engine). */
export const aggregatorsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/aggregators', { schema: { response: { 200: aggregatorsResponseSchema } } }, async (request, reply): Promise<string[]> => {
    const query = aggregatorsQuerySchema.parse(normalizeQuery(request.query, { numbers: ['chainId'] }), { reportInput: true })
    const protoRequest: AggregatorsRequest = {}
    if (query.chainId !== undefined) protoRequest.chain_id = query.chainId
    const { response, metadata } = await app.grpc.aggregators(toCallContext(request, reply), protoRequest)
    reply.headers(rateLimitHeadersOf(metadata))
    return response.aggregators
  })
}
