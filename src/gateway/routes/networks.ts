import type { FastifyPluginAsync } from 'fastify'
import type { NetworksRequest } from '../../grpc/generated/switchyard/data/v1/NetworksRequest.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { networksQuerySchema } from '../schemas/networksQuery.js'
import { networksResponseSchema, type RestNetwork } from '../schemas/networksResponse.js'

/**
 * `GET /networks?name&chainId`: the networks this deployment serves, `[{ id, name, isConnected }]`, and
 * for a chain on an external node `index` (how far its pools were discovered, the floor, the counts).
 */
export const networksRoutes: FastifyPluginAsync = async (app) => {
  app.get('/networks', { schema: { response: { 200: networksResponseSchema } } }, async (request, reply): Promise<RestNetwork[]> => {
    const query = networksQuerySchema.parse(request.query, { reportInput: true })
    const protoRequest: NetworksRequest = {}
    if (query.name !== undefined) protoRequest.name = query.name
    if (query.chainId !== undefined) protoRequest.chain_id = query.chainId
    const { response, metadata } = await app.grpc.networks(toCallContext(request, reply), protoRequest)
    reply.headers(rateLimitHeadersOf(metadata))
    return response.networks.map((n) => {
      const network: RestNetwork = { id: Number(n.id), name: n.name, isConnected: n.is_connected }
      if (n.index) {
        const i = n.index
        network.index = {
          indexedBlock: Number(i.indexed_block), minPoolTvlUsd: i.min_pool_tvl_usd, poolsIndexed: Number(i.pools_indexed), poolsAboveFloor: Number(i.pools_above_floor),
          protocols: i.protocols.map((p) => ({ protocol: p.protocol, indexed: Number(p.indexed), aboveFloor: Number(p.above_floor) })),
        }
      }
      return network
    })
  })
}
