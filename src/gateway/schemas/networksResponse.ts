/** One entry of GET /api/v1/networks. */
export type RestNetwork = { id: number; name: string; isConnected: boolean }

/** Response JSON schema: an array of {@link RestNetwork}. */
export const networksResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'isConnected'],
    additionalProperties: false,
    properties: { id: { type: 'integer' }, name: { type: 'string' }, isConnected: { type: 'boolean' } },
  },
} as const
