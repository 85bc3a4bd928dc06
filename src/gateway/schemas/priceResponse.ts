/** A USD price read from the chain's pools (GET /prices/...). */
export type RestPrice = {
  chainId: number
  address: string
  decimals: number
  symbol: string
  name: string
  /** USD. */
  price: number
  /** Unix seconds of the block the price was read at. */
  timestamp: number
  /** 0..1: how much the pools agree and how deep they are. */
  confidence: number
  /** Block the price was read at. */
  blockNumber: number
}

const priceProperties = {
  chainId: { type: 'integer' },
  address: { type: 'string' },
  decimals: { type: 'integer' },
  symbol: { type: 'string' },
  name: { type: 'string' },
  price: { type: 'number' },
  timestamp: { type: 'integer' },
  confidence: { type: 'number' },
  blockNumber: { type: 'integer' },
} as const

const required = ['chainId', 'address', 'decimals', 'symbol', 'name', 'price', 'timestamp', 'confidence', 'blockNumber'] as const

/** Response JSON schema of {@link RestPrice}. */
export const priceResponseSchema = { type: 'object', required, additionalProperties: false, properties: priceProperties } as const

/** Response JSON schema of GET /prices/:chainId: one entry per address, `null` for a token without a price. */
export const pricesResponseSchema = {
  type: 'array',
  items: { type: ['object', 'null'], required, additionalProperties: false, properties: priceProperties },
} as const
