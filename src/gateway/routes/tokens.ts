import type { FastifyPluginAsync } from 'fastify'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toProtoTokensRequest } from '../mapping/toProtoTokensRequest.js'
import { toRestTokensResponse } from '../mapping/toRestTokensResponse.js'
import { tokensQueryShape, tokensQuerySchema } from '../schemas/tokensQuery.js'
import { tokensResponseSchema, type RestTokensResponse } from '../schemas/tokensResponse.js'

/**
 * `GET /tokens?chainId&protocolSlug&project&type&liquidityType&underlyingTokens&underlyingTokensExact&address&primaryAddress&symbol&name&apyFrom&apyTo&tvlFrom&tvlTo&tvl&includeMetadata&includeUnderlying&page&cursor&pageSize`:
 * tokens, paginated by `page` or `cursor`, `{ data, meta: { total, lastPage, currentPage, perPage,
 * prev, next, cursor, nextCursor?, pageSize } }`. The gateway only reads the query (list styles,
 * numbers, booleans; `symbol` and `name` are lists, as the OpenAPI and `@ensofinance/sdk` type them,
 * whose items are never split on commas) and checks that values fit the proto; the tokens use case validates them and
 * answers 400.
 */
export const tokensRoutes: FastifyPluginAsync = async (app) => {
  app.get('/tokens', { schema: { response: { 200: tokensResponseSchema } } }, async (request, reply): Promise<RestTokensResponse> => {
    const query = tokensQuerySchema.parse(normalizeQuery(request.query, tokensQueryShape), { reportInput: true })
    const { response, metadata } = await app.grpc.tokens(toCallContext(request, reply), toProtoTokensRequest(query))
    reply.headers(rateLimitHeadersOf(metadata))
    return toRestTokensResponse(response)
  })
}
