import { z } from 'zod'
import { chainIdSchema } from '../../schemas/fields.js'

/** Query of GET /api/v1/aggregators: an optional chain id (what @ensofinance/sdk's `getAggregators(chainId)` sends). */
export const aggregatorsQuerySchema = z.strictObject({ chainId: chainIdSchema.optional() })

/** Response JSON schema: aggregator slugs. */
export const aggregatorsResponseSchema = { type: 'array', items: { type: 'string' } } as const
