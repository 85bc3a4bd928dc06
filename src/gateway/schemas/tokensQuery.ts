import { z } from 'zod'
import type { QueryShape } from '../mapping/normalizeQuery.js'
import { doubleSchema, flagSchema, textListSchema, textSchema, uint32Schema, uint64Schema } from './queryFields.js'

/** How GET /tokens reads its query string (see `normalizeQuery`). */
export const tokensQueryShape: QueryShape = {
  lists: ['address', 'underlyingTokens'],
  numbers: ['chainId', 'apyFrom', 'tvlFrom', 'pageSize', 'page'],
  booleans: ['includeMetadata'],
}

/**
 * Query of GET /api/v1/tokens, after `normalizeQuery`. Checks only what the proto needs (each value
 * fits its field, no unknown keys); the tokens use case validates values (type, addresses, page size)
 * and answers 400 itself. `page` exists because `@ensofinance/sdk` `getTokenData` always sends
 * `page=1`; pagination is by `cursor`, so any other page is refused rather than silently ignored.
 */
export const tokensQuerySchema = z.strictObject({
  chainId: uint64Schema.optional(),
  protocolSlug: textSchema.optional(),
  project: textSchema.optional(),
  type: textSchema.optional(),
  underlyingTokens: textListSchema.optional(),
  address: textListSchema.optional(),
  symbol: textSchema.optional(),
  name: textSchema.optional(),
  apyFrom: doubleSchema.optional(),
  tvlFrom: doubleSchema.optional(),
  includeMetadata: flagSchema.optional(),
  cursor: textSchema.optional(),
  pageSize: uint32Schema.optional(),
  page: z.literal(1, { error: 'only page 1 exists; paginate with cursor (meta.nextCursor)' }).optional(),
})

/** Validated tokens query. */
export type TokensQuery = z.infer<typeof tokensQuerySchema>
