import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { BaseError } from '../../errors/base.js'
import { InternalError } from '../../errors/request.js'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestPrice } from '../mapping/toRestPrice.js'
import { priceParamsSchema, pricesParamsSchema, pricesQuerySchema } from '../schemas/pricesParams.js'
import { priceResponseSchema, pricesResponseSchema, type RestPrice } from '../schemas/priceResponse.js'

/**
 * Prices (USD, with a confidence score):
 * - `GET /prices/:chainId?addresses=…` (`addresses[]=`, repeated or comma-separated; at most 100,
 *   refused with 400 `TOO_MANY_ITEMS` before any gRPC call, THREATS F8): one entry per address, in
 *   order, `null` for a token without a price.
 * - `GET /prices/:chainId/:address` (what `EnsoClient.getPriceData` calls) and
 *   `GET /prices/token-price?chainId&address` (the spec's path): one price, 404 `NOT_FOUND` when
 *   the token has none.
 */
export const pricesRoutes: FastifyPluginAsync = async (app) => {
  async function pricesOf(request: FastifyRequest, reply: FastifyReply, chainId: number, addresses: string[]): Promise<(RestPrice | null)[]> {
    const { response, metadata } = await app.grpc.prices(toCallContext(request, reply), { chain_id: chainId, addresses })
    reply.headers(rateLimitHeadersOf(metadata))
    if (response.prices.length !== addresses.length) throw new InternalError()
    return response.prices.map(toRestPrice)
  }

  async function singlePrice(request: FastifyRequest, reply: FastifyReply, input: Record<string, unknown>): Promise<RestPrice> {
    const { chainId, address } = priceParamsSchema.parse(input, { reportInput: true })
    const [price] = await pricesOf(request, reply, chainId, [address])
    if (!price) throw new BaseError(`No price for token ${address} on chain ${chainId}.`, { code: 'NOT_FOUND' })
    return price
  }

  app.get('/prices/token-price', { schema: { response: { 200: priceResponseSchema } } }, (request, reply) =>
    singlePrice(request, reply, normalizeQuery(request.query, { numbers: ['chainId'] })))

  app.get('/prices/:chainId/:address', { schema: { response: { 200: priceResponseSchema } } }, (request, reply) =>
    singlePrice(request, reply, normalizeQuery(request.params, { numbers: ['chainId'] })))

  app.get('/prices/:chainId', { schema: { response: { 200: pricesResponseSchema } } }, async (request, reply) => {
    const { chainId } = pricesParamsSchema.parse(normalizeQuery(request.params, { numbers: ['chainId'] }), { reportInput: true })
    const { addresses } = pricesQuerySchema.parse(normalizeQuery(request.query, { lists: ['addresses'] }), { reportInput: true })
    return pricesOf(request, reply, chainId, addresses)
  })
}
