import type { Address } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../errors/request.js'
import { addressSchema, chainIdSchema } from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

export const MAX_TOKENS_PAGE = 1_000
export const DEFAULT_TOKENS_PAGE = 100

const tokensQuerySchema = z.strictObject({
  chainId: chainIdSchema.optional(),
  protocolSlug: z.string().max(64).optional(),
  project: z.string().max(64).optional(),
  type: z.enum(['base', 'defi']).optional(),
  underlyingTokens: z.array(addressSchema).max(16).optional(),
  address: z.array(addressSchema).max(100).optional(),
  symbol: z.string().max(64).optional(),
  name: z.string().max(128).optional(),
  apyFrom: z.number().finite().optional(),
  tvlFrom: z.number().finite().min(0).optional(),
  includeMetadata: z.boolean().optional(),
  cursor: z.string().max(64).optional(),
  pageSize: z.number().int().min(1).max(MAX_TOKENS_PAGE).optional(),
})

/** Validated tokens filters. */
export type TokensQuery = Omit<z.infer<typeof tokensQuerySchema>, 'cursor' | 'pageSize' | 'underlyingTokens' | 'address'> & {
  underlyingTokens: Address[] | undefined
  address: Address[] | undefined
  offset: number
  pageSize: number
}

/** Opaque cursor for an offset. */
export function encodeTokensCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url')
}

/**
 * Validates the tokens query from any transport and decodes the cursor.
 * @throws InvalidRequestError (bad field, or a cursor we did not issue)
 */
export function parseTokensQuery(input: unknown): TokensQuery {
  const parsed = tokensQuerySchema.safeParse(input ?? {}, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const { cursor, pageSize, ...rest } = parsed.data
  let offset = 0
  if (cursor !== undefined) {
    const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString())
    if (!match) throw new InvalidRequestError({ code: 'INVALID_ARGUMENT', message: 'cursor: not a cursor this API issued', issues: [{ field: 'cursor', reason: 'unknown cursor' }] })
    offset = Number(match[1])
  }
  return { ...rest, underlyingTokens: rest.underlyingTokens, address: rest.address, offset, pageSize: pageSize ?? DEFAULT_TOKENS_PAGE }
}
