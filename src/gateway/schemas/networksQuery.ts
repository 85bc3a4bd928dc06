import { z } from 'zod'

/** Query of GET /api/v1/networks: optional name filter and chain id (a decimal string, as the SDK types it). */
export const networksQuerySchema = z.strictObject({
  name: z.string().max(64).optional(),
  chainId: z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer').optional(),
})

/** Validated networks query. */
export type NetworksQuery = z.infer<typeof networksQuerySchema>
