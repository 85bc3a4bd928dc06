import { z } from 'zod'
import { chainIdStringSchema } from './queryFields.js'

/** Query of GET /api/v1/networks: optional name filter and chain id (a decimal string, as the SDK types it). */
export const networksQuerySchema = z.strictObject({
  name: z.string().max(64).optional(),
  chainId: chainIdStringSchema.optional(),
})

/** Validated networks query. */
export type NetworksQuery = z.infer<typeof networksQuerySchema>
