import type { FastifyPluginAsync } from 'fastify'
import type { z } from 'zod'
import { InternalError } from '../../errors/request.js'
import type { ApproveRequest } from '../../grpc/generated/switchyard/routing/v1/ApproveRequest.js'
import { parseApproveRequest, type approveRequestSchema } from '../../schemas/approveRequest.js'
import { normalizeQuery } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestTransaction } from '../mapping/toRestTransaction.js'
import { approveResponseSchema, type RestApproveResponse } from '../schemas/approveResponse.js'

type RestApproveRequest = z.input<typeof approveRequestSchema>

/**
 * `GET /wallet/approve?chainId&fromAddress&tokenAddress&amount&routingStrategy`: the transaction
 * approving the router (under `delegate`/`delegate-legacy`: the `fromAddress` owner's smart wallet,
 * decided by the service), plus `prerequisites` and `requiresZeroAllowanceFirst` for USDT-style tokens.
 */
export const walletRoutes: FastifyPluginAsync = async (app) => {
  app.get('/wallet/approve', { schema: { response: { 200: approveResponseSchema } } }, async (request, reply): Promise<RestApproveResponse> => {
    const input = normalizeQuery(request.query, { numbers: ['chainId'] })
    parseApproveRequest(input)
    const query = input as RestApproveRequest
    const protoRequest: ApproveRequest = { from_address: query.fromAddress, token_address: query.tokenAddress, amount: query.amount }
    if (query.chainId !== undefined) protoRequest.chain_id = query.chainId
    if (query.routingStrategy != null) protoRequest.routing_strategy = query.routingStrategy
    const { response, metadata } = await app.grpc.approve(toCallContext(request, reply), protoRequest)
    reply.headers(rateLimitHeadersOf(metadata))
    if (!response.tx) throw new InternalError()
    return {
      tx: toRestTransaction(response.tx),
      gas: response.gas,
      token: response.token,
      amount: response.amount,
      spender: response.spender,
      ...(response.prerequisites.length ? { prerequisites: response.prerequisites.map(toRestTransaction) } : {}),
      ...(response.requires_zero_allowance_first ? { requiresZeroAllowanceFirst: true as const } : {}),
    }
  })
}
