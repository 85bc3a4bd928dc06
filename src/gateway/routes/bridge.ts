import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { BridgePoolsRequest } from '../../grpc/generated/switchyard/data/v1/BridgePoolsRequest.js'
import { parseBridgePoolsQuery } from '../../schemas/bridgePoolsQuery.js'
import { parseBridgeStatusQuery } from '../../schemas/bridgeStatusQuery.js'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestBridgePool } from '../mapping/toRestBridgePool.js'
import { toRestBridgeStatus } from '../mapping/toRestBridgeStatus.js'
import { bridgePoolsResponseSchema, type RestBridgePool } from '../schemas/bridgePoolsResponse.js'
import { bridgeStatusResponseSchema, type RestBridgeStatus } from '../schemas/bridgeStatusResponse.js'

/**
 * The bridge read endpoints, as `@ensofinance/sdk` calls them (each validated here with the shared
 * schema first, then one DataService call):
 * - `GET /layerzero/pool` and `GET /stargate/pool` (`getLayerZeroPool`, `getStargatePool`; the same
 *   lookup): the Stargate pools of `token` on `chainId` paired with their counterparts on the other
 *   chains, `[]` when there is none (DataService.BridgePools).
 * - `GET /{bridgeProtocol}/bridge/check` (`getBridgeStatus`) for `layerzero`, `stargate` and
 *   `across`; any other protocol is 400 `BRIDGE_NOT_SUPPORTED` (DataService.BridgeStatus).
 */
export const bridgeRoutes: FastifyPluginAsync = async (app) => {
  async function pools(request: FastifyRequest, reply: FastifyReply): Promise<RestBridgePool[]> {
    const q = parseBridgePoolsQuery(normalizeQuery(request.query, { numbers: ['chainId', 'destinationChainId'] }))
    const proto: BridgePoolsRequest = {
      chain_id: q.chainId,
      token: q.token,
      ...(q.destinationChainId === undefined ? {} : { destination_chain_id: q.destinationChainId }),
      ...(q.destinationToken === undefined ? {} : { destination_token: q.destinationToken }),
    }
    const { response, metadata } = await app.grpc.bridgePools(toCallContext(request, reply), proto)
    reply.headers(rateLimitHeadersOf(metadata))
    return response.pools.map(toRestBridgePool)
  }

  app.get('/layerzero/pool', { schema: { response: { 200: bridgePoolsResponseSchema } } }, pools)
  app.get('/stargate/pool', { schema: { response: { 200: bridgePoolsResponseSchema } } }, pools)

  app.get('/:bridgeProtocol/bridge/check', { schema: { response: { 200: bridgeStatusResponseSchema } } }, async (request, reply): Promise<RestBridgeStatus> => {
    const { bridgeProtocol } = request.params as { bridgeProtocol: string }
    const q = parseBridgeStatusQuery({ ...normalizeQuery(request.query, { numbers: ['chainId'] }), bridgeProtocol })
    const { response, metadata } = await app.grpc.bridgeStatus(toCallContext(request, reply), { bridge_protocol: q.bridgeProtocol, chain_id: q.chainId, tx_hash: q.txHash })
    reply.headers(rateLimitHeadersOf(metadata))
    return toRestBridgeStatus(response)
  })
}
