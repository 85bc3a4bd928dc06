import { z } from 'zod'
import { chainIdStringSchema } from './queryFields.js'

/** Query of GET /api/v1/protocols: optional chain id (a decimal string) and protocol slug. */
export const protocolsQuerySchema = z.strictObject({
  chainId: chainIdStringSchema.optional(),
  slug: z.string().max(100).optional(),
})

/** Validated protocols query. */
export type ProtocolsQuery = z.infer<typeof protocolsQuerySchema>
