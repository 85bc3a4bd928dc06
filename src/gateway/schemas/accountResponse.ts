/** Response JSON schema of `GET /account/accountId` and `GET /account/{id}`: the accountId, a JSON string. */
export const accountIdResponseSchema = {
  type: 'string',
  pattern: '^0x[0-9a-fA-F]{64}$',
  description: 'The API key\'s accountId: the bytes32 our contracts write into ShortcutExecuted',
} as const
