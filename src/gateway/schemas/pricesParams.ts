import { z } from 'zod'
import { chainIdSchema } from '../../schemas/fields.js'
import { textListSchema, textSchema } from './queryFields.js'

/** Most addresses one GET /prices/{chainId} may ask for (THREATS F8), checked before any gRPC call. */
export const MAX_PRICE_ADDRESSES = 100

/** Path of GET /api/v1/prices/:chainId (after `normalizeQuery` coerced `chainId`). */
export const pricesParamsSchema = z.strictObject({ chainId: chainIdSchema })

/** Query of GET /api/v1/prices/:chainId: `addresses`, in any of the three list styles. */
export const pricesQuerySchema = z.strictObject({
  addresses: textListSchema
    .min(1, 'give at least one address')
    .max(MAX_PRICE_ADDRESSES, `at most ${MAX_PRICE_ADDRESSES} addresses per request`),
})

/** Path of GET /api/v1/prices/:chainId/:address, and query of GET /api/v1/prices/token-price. */
export const priceParamsSchema = z.strictObject({ chainId: chainIdSchema, address: textSchema })
