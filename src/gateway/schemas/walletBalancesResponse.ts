/** One entry of GET /api/v1/wallet/balances (OpenAPI `WalletBalance`). */
export type RestWalletBalance = {
  /** Token address; 0xEeee…EEeE for the native coin. */
  token: string
  /** Raw balance in base units, decimal string. */
  amount: string
  chainId: number
  decimals: number
  /** USD price of one token, decimal string; null when unknown. */
  price: string | null
  name: string | null
  symbol: string | null
  logoUri: string | null
}

const nullableString = { type: ['string', 'null'] } as const

/** Response JSON schema: an array of {@link RestWalletBalance}. */
export const walletBalancesResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['token', 'amount', 'chainId', 'decimals', 'price', 'name', 'symbol', 'logoUri'],
    additionalProperties: false,
    properties: {
      token: { type: 'string' },
      amount: { type: 'string' },
      chainId: { type: 'integer' },
      decimals: { type: 'integer' },
      price: nullableString,
      name: nullableString,
      symbol: nullableString,
      logoUri: nullableString,
    },
  },
} as const
