/** An underlying token of a position, REST shape. */
export type RestUnderlyingToken = { address: string; chainId: number; type: string; decimals: number; symbol: string; name: string }

/** How an APY was measured (our extension of `PositionModel`). */
export type RestApyWindow = {
  /** `liquidity-rate` (Aave), `share-price` (ERC-4626), `rebase` (Lido), `lp-value` (Uniswap V2, Balancer). */
  method: string
  fromBlock: number
  toBlock: number
  /** Seconds between the two blocks (0 for `liquidity-rate`, a rate read at one block). */
  seconds: number
}

/**
 * One token (OpenAPI `PositionModel`): unknown optional values are `null`, as the reference API sends
 * them. `symbol`, `name` and `logosUri` are the metadata: `null` unless `includeMetadata=true`.
 */
export type RestToken = Omit<RestUnderlyingToken, 'symbol' | 'name'> & {
  symbol: string | null
  name: string | null
  logosUri: string[] | null
  underlyingTokens: RestUnderlyingToken[]
  project: string | null
  /** Protocol slug. */
  protocol: string | null
  /** The same slug under the name @ensofinance/sdk's TokenData uses. */
  protocolSlug: string | null
  /** Percent. */
  apy: number | null
  /** Percent: the same as `apy` (every APY we measure is base yield; rewards are not counted). */
  apyBase: number | null
  /** Reward APY: not measured, always `null`. */
  apyReward: number | null
  /** How `apy` was measured; `null` with it. */
  apyWindow: RestApyWindow | null
  /** USD. */
  tvl: number | null
  primaryAddress: string | null
}

/**
 * The OpenAPI's `PaginationMeta`, plus our opaque `nextCursor` and `pageSize`. The page numbers are
 * always there from this server (absent only from a backend older than them).
 */
export type RestTokensMeta = {
  /** Matching tokens. */
  total: number
  lastPage?: number
  currentPage?: number
  perPage?: number
  prev?: number | null
  next?: number | null
  /** Offset of the next page (pass it back as `cursor`); `null` on the last page. */
  cursor?: number | null
  /** The same next page as an opaque cursor; absent on the last page. */
  nextCursor?: string
  pageSize: number
}

/** Body of GET /api/v1/tokens. */
export type RestTokensResponse = { data: RestToken[]; meta: RestTokensMeta }

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
const nullableInteger = { type: ['integer', 'null'] } as const

const apyWindowSchema = {
  type: ['object', 'null'],
  required: ['method', 'fromBlock', 'toBlock', 'seconds'],
  additionalProperties: false,
  properties: { method: { type: 'string' }, fromBlock: { type: 'integer' }, toBlock: { type: 'integer' }, seconds: { type: 'integer' } },
} as const

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
        required: [
          ...underlyingTokenSchema.required, 'logosUri', 'underlyingTokens', 'project', 'protocol', 'protocolSlug',
          'apy', 'apyBase', 'apyReward', 'apyWindow', 'tvl', 'primaryAddress',
        ],
        additionalProperties: false,
        properties: {
          ...underlyingProperties,
          symbol: nullableString,
          name: nullableString,
          logosUri: { type: ['array', 'null'], items: { type: 'string' } },
          underlyingTokens: { type: 'array', items: underlyingTokenSchema },
          project: nullableString,
          protocol: nullableString,
          protocolSlug: nullableString,
          apy: nullableNumber,
          apyBase: nullableNumber,
          apyReward: nullableNumber,
          apyWindow: apyWindowSchema,
          tvl: nullableNumber,
          primaryAddress: nullableString,
        },
      },
    },
    meta: {
      type: 'object',
      required: ['total', 'pageSize'],
      additionalProperties: false,
      properties: {
        total: { type: 'integer' },
        lastPage: { type: 'integer' },
        currentPage: { type: 'integer' },
        perPage: { type: 'integer' },
        prev: nullableInteger,
        next: nullableInteger,
        cursor: nullableInteger,
        nextCursor: { type: 'string' },
        pageSize: { type: 'integer' },
      },
    },
  },
} as const
