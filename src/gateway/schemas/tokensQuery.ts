import { z } from 'zod'
import type { QueryShape } from '../mapping/normalizeQuery.js'
import { chainIdSchema } from '../../schemas/fields.js'
import { doubleSchema, flagSchema, textListSchema, textSchema, uint32Schema, uint64Schema } from './queryFields.js'

/** How GET /tokens reads its query string (see `normalizeQuery`). */
export const tokensQueryShape: QueryShape = {
  lists: ['address', 'underlyingTokens', 'underlyingTokensExact', 'primaryAddress', 'symbol', 'name'],
  // Names may contain commas (and so, in principle, may symbols): `name=a,b` is one name.
  unsplit: ['symbol', 'name'],
  numbers: ['chainId', 'apyFrom', 'apyTo', 'tvlFrom', 'tvlTo', 'tvl', 'pageSize', 'page'],
  booleans: ['includeMetadata', 'includeUnderlying'],
}

/**
 * Query of GET /api/v1/tokens, after `normalizeQuery`. Checks only what the proto needs (each value
 * fits its field, no unknown keys); the tokens use case validates values (type, addresses, page size)
 * and answers 400 itself. Pages: `page` (from 1; `@ensofinance/sdk` `getTokenData` always sends
 * `page=1`) or `cursor` (our `meta.nextCursor`, or the OpenAPI's numeric `meta.cursor` offset), which
 * wins when both are given.
 */
export const tokensQuerySchema = z.strictObject({
  chainId: chainIdSchema.optional(),
  protocolSlug: textSchema.optional(),
  project: textSchema.optional(),
  type: textSchema.optional(),
  underlyingTokens: textListSchema.optional(),
  underlyingTokensExact: textListSchema.optional(),
  primaryAddress: textListSchema.optional(),
  address: textListSchema.optional(),
  symbol: textListSchema.optional(),
  name: textListSchema.optional(),
  liquidityType: textSchema.optional(),
  apyFrom: doubleSchema.optional(),
  apyTo: doubleSchema.optional(),
  tvlFrom: doubleSchema.optional(),
  tvlTo: doubleSchema.optional(),
  tvl: doubleSchema.optional(),
  includeMetadata: flagSchema.optional(),
  includeUnderlying: flagSchema.optional(),
  cursor: z.union([textSchema, uint64Schema.transform(String)]).optional(),
  pageSize: uint32Schema.optional(),
  page: uint32Schema.optional(),
})

/** Validated tokens query. */
export type TokensQuery = z.infer<typeof tokensQuerySchema>
