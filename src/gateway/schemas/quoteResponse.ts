import type { Explanation } from '../../service/explain/explanation.js'
import { explanationSchema } from './explanation.js'
import { routeResponseSchema, type RestRouteStep } from './routeResponse.js'

/** Body of GET /api/v1/shortcuts/quote (the OpenAPI's QuoteEndpointResponse, plus the route's gas limit and block). */
export type RestQuoteResponse = {
  /** One tokenOut: a string; several: one string per tokenOut, in order. */
  amountOut: string | string[]
  /** Basis points; null without a USD price. */
  priceImpact: number | null
  route: RestRouteStep[]
  feeAmount: string[]
  ensoFeeAmount: string[]
  /** A gas limit the route's transaction is proven to succeed with. */
  gas: string
  /** Block number simulated on. */
  blockNumber: number
  /** Only when asked with `explain=true`. */
  explanation?: Explanation
}

const route = routeResponseSchema.properties

/** Response JSON schema of {@link RestQuoteResponse}. */
export const quoteResponseSchema = {
  type: 'object',
  required: ['amountOut', 'priceImpact', 'route', 'feeAmount', 'ensoFeeAmount', 'gas', 'blockNumber'],
  additionalProperties: false,
  properties: {
    amountOut: route.amountOut,
    priceImpact: route.priceImpact,
    route: route.route,
    feeAmount: route.feeAmount,
    ensoFeeAmount: route.ensoFeeAmount,
    gas: route.gas,
    blockNumber: route.blockNumber,
    explanation: explanationSchema,
  },
} as const
