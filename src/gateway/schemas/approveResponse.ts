import { transactionSchema, type RestTransaction } from './transaction.js'

/** Body of GET /api/v1/wallet/approve. */
export type RestApproveResponse = {
  tx: RestTransaction
  gas: string
  token: string
  amount: string
  spender: string
  /** Transactions to send before `tx` (USDT-style tokens: `approve(spender, 0)` first). */
  prerequisites?: RestTransaction[]
  /** Present (true) when the token refuses to change a non-zero allowance. */
  requiresZeroAllowanceFirst?: true
}

/** Response JSON schema of {@link RestApproveResponse}. */
export const approveResponseSchema = {
  type: 'object',
  required: ['tx', 'gas', 'token', 'amount', 'spender'],
  additionalProperties: false,
  properties: {
    tx: transactionSchema,
    gas: { type: 'string' },
    token: { type: 'string' },
    amount: { type: 'string' },
    spender: { type: 'string' },
    prerequisites: { type: 'array', items: transactionSchema },
    requiresZeroAllowanceFirst: { type: 'boolean' },
  },
} as const
