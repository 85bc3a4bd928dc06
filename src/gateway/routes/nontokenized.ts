import type { FastifyPluginAsync } from 'fastify'
import type { NontokenizedRouteRequest } from '../../grpc/generated/switchyard/routing/v1/NontokenizedRouteRequest.js'
import type { NontokenizedRequest } from '../../grpc/generated/switchyard/data/v1/NontokenizedRequest.js'
import { parseNontokenizedRouteRequest } from '../../schemas/nontokenizedRequest.js'
import { normalizeQuery, type QueryShape } from '../mapping/normalizeQuery.js'
import { rateLimitHeadersOf } from '../mapping/rateLimitHeadersOf.js'
import { toCallContext } from '../mapping/toCallContext.js'
import { toRestStep } from '../mapping/toRestRouteResponse.js'
import { toRestTransaction } from '../mapping/toRestTransaction.js'
import { nontokenizedQuerySchema, nontokenizedQueryShape } from '../schemas/nontokenizedQuery.js'
import { nontokenizedResponseSchema, nontokenizedRouteResponseSchema } from '../schemas/nontokenizedResponse.js'

/** How GET /shortcuts/route/nontokenized reads its query. */
export const nontokenizedRouteQueryShape: QueryShape = {
  lists: ['tokenIn', 'amountIn', 'fee', 'ignoreAggregators', 'ignoreBridges', 'ignoreStandards'],
  numbers: ['chainId', 'destinationChainId'],
}


const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v))

/**
 * `GET /shortcuts/route/nontokenized` (RoutingService.RouteNontokenized; validated here first, as the
 * route is) and `GET /nontokenized` (DataService.Nontokenized; its query checked against
 * {@link nontokenizedQuerySchema}, the published filters). Both declare their response schemas.
 */
export const nontokenizedRoutes: FastifyPluginAsync = async (app) => {
  app.get('/shortcuts/route/nontokenized', { schema: { response: { 200: nontokenizedRouteResponseSchema } } }, async (request, reply) => {
    const q = normalizeQuery(request.query, nontokenizedRouteQueryShape)
    parseNontokenizedRouteRequest(q)
    const proto: NontokenizedRouteRequest = {
      from_address: q.fromAddress as string, position_out: q.positionOut as string, receiver: q.receiver as string,
      token_in: q.tokenIn as string[], amount_in: q.amountIn as string[],
    }
    const optional = { chainId: 'chain_id', routingStrategy: 'routing_strategy', referralCode: 'referral_code', destinationChainId: 'destination_chain_id', slippage: 'slippage', feeReceiver: 'fee_receiver', spender: 'spender', refundReceiver: 'refund_receiver' } as const
    for (const [name, field] of Object.entries(optional)) if (q[name] !== undefined) (proto as Record<string, unknown>)[field] = typeof q[name] === 'number' ? q[name] : str(q[name])
    const lists = { fee: 'fee', ignoreAggregators: 'ignore_aggregators', ignoreBridges: 'ignore_bridges', ignoreStandards: 'ignore_standards' } as const
    for (const [name, field] of Object.entries(lists)) if (Array.isArray(q[name])) (proto as Record<string, unknown>)[field] = (q[name] as unknown[]).map(String)
    const { response, metadata } = await app.grpc.nontokenizedRoute(toCallContext(request, reply), proto)
    reply.headers(rateLimitHeadersOf(metadata))
    return {
      createdAt: Number(response.created_at),
      gas: response.gas,
      amountDeposited: response.amount_deposited,
      priceImpact: response.price_impact ?? null,
      tx: toRestTransaction(response.tx!),
      route: response.route.map(toRestStep),
      feeAmount: response.fee_amount,
      ensoFeeAmount: response.enso_fee_amount,
      externalContracts: response.external_contracts,
    }
  })

  app.get('/nontokenized', { schema: { response: { 200: nontokenizedResponseSchema } } }, async (request, reply) => {
    const q: Record<string, unknown> = nontokenizedQuerySchema.parse(normalizeQuery(request.query, nontokenizedQueryShape), { reportInput: true })
    const proto: NontokenizedRequest = {}
    const scalars = { chainId: 'chain_id', project: 'project', protocolSlug: 'protocol_slug', page: 'page', cursor: 'cursor', pageSize: 'page_size' } as const
    for (const [name, field] of Object.entries(scalars)) if (q[name] !== undefined) (proto as Record<string, unknown>)[field] = q[name]
    const lists = { positionId: 'position_id', address: 'address', primaryAddress: 'primary_address', underlyingTokens: 'underlying_tokens', underlyingTokensExact: 'underlying_tokens_exact' } as const
    for (const [name, field] of Object.entries(lists)) if (Array.isArray(q[name])) (proto as Record<string, unknown>)[field] = (q[name] as unknown[]).map(String)
    const { response, metadata } = await app.grpc.nontokenized(toCallContext(request, reply), proto)
    reply.headers(rateLimitHeadersOf(metadata))
    const m = response.meta!
    return {
      data: response.data.map((p) => ({
        chainId: Number(p.chain_id), project: p.project, protocol: p.protocol, address: p.address, positionId: p.position_id, primaryAddress: p.primary_address,
        name: p.name, logosUri: p.logos_uri,
        underlyingTokens: p.underlying_tokens.map((u) => ({ address: u.address, chainId: Number(u.chain_id), type: u.type, decimals: u.decimals, symbol: u.symbol, name: u.name })),
      })),
      meta: { total: Number(m.total), lastPage: m.last_page, currentPage: m.current_page, perPage: m.per_page, prev: m.prev ?? null, next: m.next ?? null, cursor: m.cursor ?? null },
    }
  })
}
