/** The pools discovered from an external node's logs (GET /api/v1/networks, chains on external nodes only). */
export type RestNetworkIndex = {
  indexedBlock: number
  minPoolTvlUsd: number
  poolsIndexed: number
  poolsAboveFloor: number
  protocols: { protocol: string; indexed: number; aboveFloor: number }[]
}

/** One entry of GET /api/v1/networks; `index` only for a chain served by an external node. */
export type RestNetwork = { id: number; name: string; isConnected: boolean; index?: RestNetworkIndex }

const count = { type: 'integer', minimum: 0 } as const

/** Response JSON schema: an array of {@link RestNetwork}. */
export const networksResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'isConnected'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      isConnected: { type: 'boolean' },
      index: {
        type: 'object',
        description: 'Chains on an external node: pools discovered from the chain\'s logs. indexedBlock: the last block indexed; minPoolTvlUsd: the liquidity floor (SWITCHYARD_MIN_POOL_TVL_USD); poolsIndexed, poolsAboveFloor (in the search graph), and the same per protocol.',
        required: ['indexedBlock', 'minPoolTvlUsd', 'poolsIndexed', 'poolsAboveFloor', 'protocols'],
        additionalProperties: false,
        properties: {
          indexedBlock: count,
          minPoolTvlUsd: { type: 'number', minimum: 0 },
          poolsIndexed: count,
          poolsAboveFloor: count,
          protocols: {
            type: 'array',
            items: { type: 'object', required: ['protocol', 'indexed', 'aboveFloor'], additionalProperties: false, properties: { protocol: { type: 'string' }, indexed: count, aboveFloor: count } },
          },
        },
      },
    },
  },
} as const
