import type { Address } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../errors/request.js'
import { addressSchema, chainIdSchema } from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

export const MAX_TOKENS_PAGE = 1_000
export const DEFAULT_TOKENS_PAGE = 100
/** Largest offset a cursor may carry. */
const MAX_OFFSET = 999_999_999

/** One string is a list of one (a gRPC caller of the old `optional string symbol`, a direct service call). */
const listOfOne = (value: unknown): unknown => (typeof value === 'string' ? [value] : value)

const tokensQuerySchema = z.strictObject({
  chainId: chainIdSchema.optional(),
  protocolSlug: z.string().max(64).optional(),
  project: z.string().max(64).optional(),
  type: z.enum(['base', 'defi']).optional(),
  underlyingTokens: z.array(addressSchema).max(16).optional(),
  underlyingTokensExact: z.array(addressSchema).max(16).optional(),
  primaryAddress: z.array(addressSchema).max(100).optional(),
  address: z.array(addressSchema).max(100).optional(),
  /** Any of these symbols; one string is a list of one (older gRPC callers). */
  symbol: z.preprocess(listOfOne, z.array(z.string().max(64)).max(100)).optional(),
  /** Names containing any of these; one string is a list of one. */
  name: z.preprocess(listOfOne, z.array(z.string().max(128)).max(100)).optional(),
  /** The published `liquidityType`: positions entered with one token, or with several. */
  liquidityType: z.enum(['SingleToken', 'MultiToken']).optional(),
  apyFrom: z.number().finite().optional(),
  apyTo: z.number().finite().optional(),
  tvlFrom: z.number().finite().min(0).optional(),
  tvlTo: z.number().finite().min(0).optional(),
  /** The spec's name for a minimum TVL (USD). */
  tvl: z.number().finite().min(0).optional(),
  includeMetadata: z.boolean().optional(),
  includeUnderlying: z.boolean().optional(),
  cursor: z.union([z.string().max(64), z.number().int().min(0).max(MAX_OFFSET)]).optional(),
  page: z.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.number().int().min(1).max(MAX_TOKENS_PAGE).optional(),
})

/** Validated tokens filters. */
export type TokensQuery = Omit<z.infer<typeof tokensQuerySchema>, 'cursor' | 'page' | 'pageSize' | 'underlyingTokens' | 'underlyingTokensExact' | 'primaryAddress' | 'address'> & {
  underlyingTokens: Address[] | undefined
  underlyingTokensExact: Address[] | undefined
  primaryAddress: Address[] | undefined
  address: Address[] | undefined
  /** Index of the first token of the page: from `cursor`, else `(page - 1) × pageSize`. */
  offset: number
  pageSize: number
}

/** Opaque cursor for an offset. */
export function encodeTokensCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url')
}

/** The offset a cursor names: ours (`nextCursor`) or the OpenAPI's numeric offset (`meta.cursor`), as a number or decimal string. */
function offsetOf(cursor: string | number): number {
  if (typeof cursor === 'number') return cursor
  if (/^(0|[1-9][0-9]{0,8})$/.test(cursor)) return Number(cursor)
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) throw new InvalidRequestError({ code: 'INVALID_ARGUMENT', message: 'cursor: not a cursor this API issued', issues: [{ field: 'cursor', reason: 'unknown cursor' }] })
  return Number(match[1])
}

/**
 * Validates the tokens query from any transport and decodes the page: `cursor` (ours, or a numeric
 * offset) wins over `page` (from 1).
 * @throws InvalidRequestError (bad field, or a cursor we did not issue)
 */
export function parseTokensQuery(input: unknown): TokensQuery {
  const parsed = tokensQuerySchema.safeParse(input ?? {}, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const { cursor, page, pageSize: size, ...rest } = parsed.data
  const pageSize = size ?? DEFAULT_TOKENS_PAGE
  const offset = cursor !== undefined ? offsetOf(cursor) : ((page ?? 1) - 1) * pageSize
  return {
    ...rest,
    underlyingTokens: rest.underlyingTokens,
    underlyingTokensExact: rest.underlyingTokensExact,
    primaryAddress: rest.primaryAddress,
    address: rest.address,
    offset,
    pageSize,
  }
}
