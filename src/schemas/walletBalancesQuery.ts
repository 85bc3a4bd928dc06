import type { Address } from 'viem'
import { z } from 'zod'
import { addressSchema, chainIdSchema } from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

/**
 * GET /wallet/balances, as both transports hand it over: `chainId` a chain id or `"all"`, `useEoa`
 * required (true: the EOA itself; false: its smart wallet), as the OpenAPI says.
 */
export const walletBalancesQuerySchema = z.strictObject({
  chainId: z.unknown().transform((value, ctx): number | 'all' => {
    if (value === 'all') return value
    const id = chainIdSchema.safeParse(value)
    if (id.success) return id.data
    if (value === undefined) ctx.addIssue({ code: 'custom', message: 'required: a chain id or "all"', params: { code: 'MISSING_FIELD' } })
    else if (typeof value === 'number') for (const issue of id.error.issues) ctx.addIssue({ ...issue, path: [] } as Parameters<typeof ctx.addIssue>[0])
    else ctx.addIssue({ code: 'custom', message: 'must be a chain id (positive integer) or "all"', params: { code: 'INVALID_TYPE' } })
    return z.NEVER
  }),
  eoaAddress: addressSchema,
  useEoa: z.boolean({ error: (issue) => (issue.input === undefined ? 'required: true (the EOA) or false (its smart wallet)' : 'must be true or false') }),
})

/** Validated wallet-balances parameters (`chainId` undefined: every chain served). */
export type WalletBalancesParams = { chainId: number | undefined; eoaAddress: Address; useEoa: boolean }

/**
 * Validates a wallet-balances request from any transport.
 * @throws InvalidRequestError (`MISSING_FIELD`, `INVALID_ADDRESS`, `INVALID_CHECKSUM`, `UNSUPPORTED_CHAIN`, `INVALID_TYPE`, `UNKNOWN_FIELD`)
 */
export function parseWalletBalancesQuery(input: unknown): WalletBalancesParams {
  const parsed = walletBalancesQuerySchema.safeParse(input, { reportInput: true })
  if (!parsed.success) throw toInvalidRequestError(parsed.error)
  const { chainId, eoaAddress, useEoa } = parsed.data
  return { chainId: chainId === 'all' ? undefined : chainId, eoaAddress, useEoa }
}
