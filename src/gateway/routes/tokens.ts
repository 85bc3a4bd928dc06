import type { FastifyPluginAsync } from 'fastify'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toProtoTokensRequest } from '../mapping/toProtoTokensRequest.js'
import { toRestTokensResponse } from '../mapping/toRestTokensResponse.js'
import { tokensQueryShape, tokensQuerySchema } from '../schemas/tokensQuery.js'
import { tokensResponseSchema, type RestTokensResponse } from '../schemas/tokensResponse.js'

/**
 * `@ensofinance/sdk` types `symbol` and `name` as lists, so axios sends `symbol[]=USDC`. We filter
 * by one value: a single bracketed value is read as the plain key; several stay bracketed and are
 * refused as unknown fields. They are not split on commas, since names may contain commas.
 */
function unwrapSingleBracketed(query: Record<string, unknown>): Record<string, unknown> {
  for (const key of ['symbol', 'name']) {
    const value = query[`${key}[]`]
    if (typeof value === 'string' && !Object.hasOwn(query, key)) {
      delete query[`${key}[]`]
      query[key] = value
    }
  }
  return query
}

/**
 * `GET /tokens?chainId&protocolSlug&project&type&underlyingTokens&underlyingTokensExact&address&primaryAddress&symbol&name&apyFrom&apyTo&tvlFrom&tvlTo&tvl&includeMetadata&includeUnderlying&page&cursor&pageSize`:
 * tokens, paginated by `page` or `cursor`, `{ data, meta: { total, lastPage, currentPage, perPage,
 * prev, next, cursor, nextCursor?, pageSize } }`. The gateway only reads the query (list styles,
 * numbers, booleans) and checks that values fit the proto; the tokens use case validates them and
 * answers 400.
 */
export const tokensRoutes: FastifyPluginAsync = async (app) => {
  app.get('/tokens', { schema: { response: { 200: tokensResponseSchema } } }, async (request, reply): Promise<RestTokensResponse> => {
    const query = tokensQuerySchema.parse(unwrapSingleBracketed(normalizeQuery(request.query, tokensQueryShape)), { reportInput: true })
    const { response, metadata } = await app.grpc.tokens(toCallContext(request, reply), toProtoTokensRequest(query))
    reply.headers(rateLimitHeadersOf(metadata))
    return toRestTokensResponse(response)
  })
}
