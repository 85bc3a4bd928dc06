/** REST transaction: what the caller sends (wei as a base-10 string). */
export type RestTransaction = { data: string; to: string; from: string; value: string }

/** Response JSON schema of {@link RestTransaction} (fast-json-stringify drops unknown keys). */
export const transactionSchema = {
  type: 'object',
  required: ['data', 'to', 'from', 'value'],
  additionalProperties: false,
  properties: { data: { type: 'string' }, to: { type: 'string' }, from: { type: 'string' }, value: { type: 'string' } },
} as const
