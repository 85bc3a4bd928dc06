import type { FastifyPluginAsync } from 'fastify'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { volumeParamsSchema, volumeResponseSchema, type RestVolume } from '../schemas/volume.js'

/**
 * `GET /volume/:chainId?blocks=N`: swap volume (USD) over the chain's last N blocks (default 7200),
 * by protocol, and the routes executed through our router.
 */
export const volumeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/volume/:chainId', { schema: { response: { 200: volumeResponseSchema } } }, async (request, reply): Promise<RestVolume> => {
    const input = normalizeQuery({ ...(request.query as object), ...(request.params as object) }, { numbers: ['chainId', 'blocks'] })
    const { chainId, blocks } = volumeParamsSchema.parse(input, { reportInput: true })
    const { response, metadata } = await app.grpc.volume(toCallContext(request, reply), { chain_id: chainId, ...(blocks === undefined ? {} : { blocks }) })
    reply.headers(rateLimitHeadersOf(metadata))
    return {
      chainId: Number(response.chain_id),
      fromBlock: Number(response.from_block),
      toBlock: Number(response.to_block),
      volumeUsd: response.volume_usd,
      swaps: Number(response.swaps),
      routes: Number(response.routes),
      byProtocol: response.by_protocol.map((p) => ({ protocol: p.protocol, volumeUsd: p.volume_usd, swaps: Number(p.swaps) })),
    }
  })
}
