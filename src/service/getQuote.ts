import type { CallOptions, RouteAnswer } from './types.js'
import type { ServiceContext } from './context.js'
import { getRoute } from './getRoute.js'

/**
 * Who a quote is simulated for when the caller names no sender: an address no one holds the key
 * to, funded by state overrides in the simulation like any unfunded sender.
 */
export const QUOTE_SENDER = '0x000000000000000000000000000000000001dead'

/** The quote answer (the OpenAPI's QuoteEndpointResponse), plus the route's gas limit and block. */
export type QuoteAnswer = Pick<RouteAnswer, 'amountOut' | 'amountsOut' | 'priceImpact' | 'route' | 'feeAmount' | 'ensoFeeAmount' | 'gas' | 'createdAt' | 'unknownFilters' | 'explanation'>

/**
 * The quote use case (`GET /shortcuts/quote`): exactly the route use case — search, encode, simulate —
 * answering only what the route delivers. `fromAddress` is optional; without it the route is
 * simulated for {@link QUOTE_SENDER}.
 * @throws as {@link getRoute}
 */
export async function getQuote(ctx: ServiceContext, request: unknown, options: CallOptions): Promise<QuoteAnswer> {
  const input = typeof request === 'object' && request !== null && !Array.isArray(request) ? (request as Record<string, unknown>) : {}
  const withSender = input.fromAddress === undefined || input.fromAddress === '' ? { ...input, fromAddress: QUOTE_SENDER } : input
  const route = await getRoute(ctx, withSender, { ...options, requireVariableEstimates: false })
  return {
    amountOut: route.amountOut,
    amountsOut: route.amountsOut,
    priceImpact: route.priceImpact,
    route: route.route,
    feeAmount: route.feeAmount,
    ensoFeeAmount: route.ensoFeeAmount,
    gas: route.gas,
    createdAt: route.createdAt,
    unknownFilters: route.unknownFilters,
    ...(route.explanation === undefined ? {} : { explanation: route.explanation }),
  }
}
