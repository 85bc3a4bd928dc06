import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../errors/request.js'
import { addressSchema, chainIdSchema, tokenSchema, uintStringSchema } from './fields.js'
import { MAX_ITEMS } from './routeRequest.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

const amount = uintStringSchema({ positive: false })
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(MAX_ITEMS)])
const hexData = z.string().max(262_144).regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex of whole bytes')

/**
 * The body of `POST /shortcuts/replay`: a `quoteId` from an explained answer, or the answer itself
 * (its chain, block, transaction, receiver, tokenOut and amountOut, as the route answer names them;
 * `tokenIn`/`amountIn` fund an unfunded sender as the original simulation did), or both (then the
 * fields are checked against the kept answer).
 */
export const replayRequestSchema = z.strictObject({
  quoteId: z.string().regex(/^q_[0-9a-f]{32}$/, 'must be a quoteId from an explanation').optional(),
  chainId: chainIdSchema.optional(),
  blockNumber: z.union([z.number().int().nonnegative(), z.string().regex(/^(0|[1-9][0-9]{0,19})$/)]).optional(),
  tx: z.object({ from: addressSchema, to: addressSchema, data: hexData, value: amount }).optional(),
  receiver: addressSchema.optional(),
  tokenOut: oneOrMany(tokenSchema).optional(),
  amountOut: oneOrMany(amount).optional(),
  tokenIn: oneOrMany(tokenSchema).optional(),
  amountIn: oneOrMany(amount).optional(),
})

/** The answer a replay request names, normalised. */
export type ReplayedAnswer = {
  chainId: number
  blockNumber: bigint
  tx: { from: Address; to: Address; data: Hex; value: bigint }
  receiver: Address
  tokensOut: Address[]
  amountsOut: bigint[]
  inputs: { token: Address; amount: bigint }[]
}

/** A parsed replay request: the quoteId, the answer given in full, or both. */
export type ReplayParams = { quoteId?: string | undefined; answer?: ReplayedAnswer | undefined }

function fail(field: string, reason: string): never {
  throw new InvalidRequestError({ code: 'MISSING_FIELD', message: `${field}: ${reason}`, issues: [{ field, reason }] })
}

const many = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])

/**
 * Validates a replay request from either transport.
 * @throws InvalidRequestError (MISSING_FIELD when neither a quoteId nor a whole answer is given)
 */
export function parseReplayRequest(input: unknown): ReplayParams {
  const parsed = replayRequestSchema.safeParse(input, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const r = parsed.data
  const given = r.chainId !== undefined || r.blockNumber !== undefined || r.tx !== undefined || r.tokenOut !== undefined || r.amountOut !== undefined
  if (r.quoteId === undefined && !given) fail('quoteId', 'send a quoteId, or the answer: chainId, blockNumber, tx, tokenOut and amountOut')
  if (!given) return { quoteId: r.quoteId }
  for (const field of ['chainId', 'blockNumber', 'tx', 'tokenOut', 'amountOut'] as const) if (r[field] === undefined) fail(field, 'required when replaying an answer given in full')
  const tokensOut = many(r.tokenOut)
  const amountsOut = many(r.amountOut)
  if (tokensOut.length !== amountsOut.length) throw new InvalidRequestError({ code: 'LENGTH_MISMATCH', message: `amountOut: ${amountsOut.length} amounts for ${tokensOut.length} tokens`, issues: [{ field: 'amountOut', reason: 'one amount per tokenOut' }] })
  const tokensIn = many(r.tokenIn)
  const amountsIn = many(r.amountIn)
  if (tokensIn.length !== amountsIn.length) throw new InvalidRequestError({ code: 'LENGTH_MISMATCH', message: `amountIn: ${amountsIn.length} amounts for ${tokensIn.length} tokens`, issues: [{ field: 'amountIn', reason: 'one amount per tokenIn' }] })
  const tx = r.tx!
  return {
    quoteId: r.quoteId,
    answer: {
      chainId: r.chainId!,
      blockNumber: BigInt(r.blockNumber!),
      tx: { from: tx.from, to: tx.to, data: tx.data as Hex, value: tx.value },
      receiver: r.receiver ?? tx.from,
      tokensOut,
      amountsOut,
      inputs: tokensIn.map((token, i) => ({ token, amount: amountsIn[i]! })),
    },
  }
}
