import type { FastifyPluginAsync } from 'fastify'
import type { WalletBalancesRequest } from '../../grpc/generated/switchyard/data/v1/WalletBalancesRequest.js'
import { parseWalletBalancesQuery } from '../../schemas/walletBalancesQuery.js'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestWalletBalance } from '../mapping/toRestWalletBalance.js'
import { walletBalancesResponseSchema, type RestWalletBalance } from '../schemas/walletBalancesResponse.js'

/**
 * `GET /wallet/balances?chainId&eoaAddress&useEoa`: the non-zero balances of the EOA (`useEoa=true`)
 * or of its smart wallet (`useEoa=false`) on one chain or on every chain (`chainId=all`), read at
 * the chain's snapshot block, with USD prices. Validated with the shared validator before the call.
 */
export const walletBalancesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/wallet/balances', { schema: { response: { 200: walletBalancesResponseSchema } } }, async (request, reply): Promise<RestWalletBalance[]> => {
    const params = parseWalletBalancesQuery(normalizeQuery(request.query, { numbers: ['chainId'], booleans: ['useEoa'] }))
    const protoRequest: WalletBalancesRequest = { eoa_address: params.eoaAddress, use_eoa: params.useEoa }
    if (params.chainId !== undefined) protoRequest.chain_id = params.chainId
    const { response, metadata } = await app.grpc.walletBalances(toCallContext(request, reply), protoRequest)
    reply.headers(rateLimitHeadersOf(metadata))
    return response.balances.map(toRestWalletBalance)
  })
}
