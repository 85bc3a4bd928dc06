/** One Stargate pool pair (the SDK's `LayerZeroPoolData` entry, OpenAPI `LZPoolLookupResponse`). */
export type RestBridgePool = {
  /** The source chain's pool of `token`. */
  pool: string
  chainId: number
  destinationChainId: number
  token: string
  decimals: number
  /** OpenAPI `LZDestinationTokenData`. */
  destinationData: { pool: string; token: string; decimals: number }
}

const side = {
  type: 'object',
  required: ['pool', 'token', 'decimals'],
  properties: { pool: { type: 'string' }, token: { type: 'string' }, decimals: { type: 'integer' } },
} as const

/** Response schema of GET /layerzero/pool and GET /stargate/pool (fast-json-stringify). */
export const bridgePoolsResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['pool', 'chainId', 'destinationChainId', 'token', 'decimals', 'destinationData'],
    properties: {
      pool: { type: 'string' },
      chainId: { type: 'integer' },
      destinationChainId: { type: 'integer' },
      token: { type: 'string' },
      decimals: { type: 'integer' },
      destinationData: side,
    },
  },
} as const
