import type { Address } from 'viem'
import { z } from 'zod'
import { addressSchema, chainIdSchema, tokenSchema, uintStringSchema } from './fields.js'
import { routingStrategies, type RoutingStrategy } from './routeRequest.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

export const approveRequestSchema = z.strictObject({
  fromAddress: addressSchema,
  tokenAddress: tokenSchema,
  amount: uintStringSchema({ positive: false }),
  chainId: chainIdSchema.optional(),
  routingStrategy: z
    .string()
    .transform((v, ctx) => {
      if ((routingStrategies as readonly string[]).includes(v)) return v as RoutingStrategy
      ctx.addIssue({ code: 'custom', params: { code: 'INVALID_STRATEGY' }, message: `must be one of ${routingStrategies.join(', ')}` })
      return z.NEVER
    })
    .nullable()
    .optional(),
})

/** Validated approve parameters. */
export type ApproveParams = { fromAddress: Address; tokenAddress: Address; amount: bigint; chainId: number; routingStrategy: RoutingStrategy }

/**
 * Validates an approve request from any transport.
 * @throws InvalidRequestError
 */
export function parseApproveRequest(input: unknown): ApproveParams {
  const parsed = approveRequestSchema.safeParse(input, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const r = parsed.data
  return { fromAddress: r.fromAddress, tokenAddress: r.tokenAddress, amount: r.amount, chainId: r.chainId ?? 1, routingStrategy: r.routingStrategy ?? 'router' }
}
