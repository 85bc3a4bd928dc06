/** An underlying token of a position, REST shape. */
export type RestUnderlyingToken = { address: string; chainId: number; type: string; decimals: number; symbol: string; name: string }

/** One token (OpenAPI `PositionModel`): unknown optional values are `null`, as the reference API sends them. */
export type RestToken = RestUnderlyingToken & {
  logosUri: string[]
  underlyingTokens: RestUnderlyingToken[]
  project: string | null
  /** Protocol slug. */
  protocol: string | null
  /** The same slug under the name @ensofinance/sdk's TokenData uses. */
  protocolSlug: string | null
  /** Percent. */
  apy: number | null
  /** USD. */
  tvl: number | null
  primaryAddress: string | null
}

/** Body of GET /api/v1/tokens. */
export type RestTokensResponse = {
  data: RestToken[]
  /** `nextCursor` is absent on the last page. */
  meta: { total: number; nextCursor?: string; pageSize: number }
}

const underlyingProperties = {
  address: { type: 'string' },
  chainId: { type: 'integer' },
  type: { type: 'string' },
  decimals: { type: 'integer' },
  symbol: { type: 'string' },
  name: { type: 'string' },
} as const

const underlyingTokenSchema = {
  type: 'object',
  required: ['address', 'chainId', 'type', 'decimals', 'symbol', 'name'],
  additionalProperties: false,
  properties: underlyingProperties,
} as const

const nullableString = { type: ['string', 'null'] } as const
const nullableNumber = { type: ['number', 'null'] } as const

/** Response JSON schema of {@link RestTokensResponse}. */
export const tokensResponseSchema = {
  type: 'object',
  required: ['data', 'meta'],
  additionalProperties: false,
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: [...underlyingTokenSchema.required, 'logosUri', 'underlyingTokens', 'project', 'protocol', 'protocolSlug', 'apy', 'tvl', 'primaryAddress'],
        additionalProperties: false,
        properties: {
          ...underlyingProperties,
          logosUri: { type: 'array', items: { type: 'string' } },
          underlyingTokens: { type: 'array', items: underlyingTokenSchema },
          project: nullableString,
          protocol: nullableString,
          protocolSlug: nullableString,
          apy: nullableNumber,
          tvl: nullableNumber,
          primaryAddress: nullableString,
        },
      },
    },
    meta: {
      type: 'object',
      required: ['total', 'pageSize'],
      additionalProperties: false,
      properties: { total: { type: 'integer' }, nextCursor: { type: 'string' }, pageSize: { type: 'integer' } },
    },
  },
} as const
