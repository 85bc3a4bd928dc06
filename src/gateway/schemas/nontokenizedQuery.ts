import { z } from 'zod'
import { chainIdSchema } from '../../schemas/fields.js'
import type { QueryShape } from '../mapping/normalizeQuery.js'
import { textListSchema, textSchema, uint32Schema } from './queryFields.js'

/** How GET /nontokenized reads its query string (see `normalizeQuery`). */
export const nontokenizedQueryShape: QueryShape = {
  lists: ['positionId', 'address', 'primaryAddress', 'underlyingTokens', 'underlyingTokensExact'],
  numbers: ['chainId', 'page', 'cursor', 'pageSize'],
}

/**
 * Query of `GET /nontokenized` after `normalizeQuery`: the published document's 11 filters. Checks
 * that each value fits its proto field (a chain id a uint64 cannot carry, `-1`, is refused here as the
 * service refuses `0`); the use case validates the rest (addresses, page bounds) and answers 400.
 * Other keys are ignored, as @ensofinance/sdk's `getNonTokenizedPositions` may send
 * `destinationChainId`, which has no meaning for a list of positions.
 */
export const nontokenizedQuerySchema = z.object({
  project: textSchema.optional().describe('The project, e.g. aave or morpho'),
  protocolSlug: textSchema.optional().describe('The protocol, e.g. aave-v3 or morpho-blue'),
  chainId: chainIdSchema.optional(),
  positionId: textListSchema.optional().describe('Position ids (`aave-v3:collateral:<asset>`, `<marketId>:supply|collateral`)'),
  address: textListSchema.optional().describe('Position addresses'),
  primaryAddress: textListSchema.optional().describe('The contracts the wallet calls (the Aave Pool, Morpho)'),
  underlyingTokens: textListSchema.optional().describe('Positions holding every one of these tokens'),
  underlyingTokensExact: textListSchema.optional().describe('Positions holding exactly this set of tokens'),
  page: uint32Schema.optional().describe('Page number, from 1'),
  pageSize: uint32Schema.optional().describe('Positions per page (1 to 1000, default 1000)'),
  cursor: uint32Schema.optional().describe('Offset into the list (meta.cursor of the previous page); wins over page'),
})
