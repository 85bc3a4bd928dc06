/** The stream identity: what the validator normalises shares a key; what the service tells apart splits it. */
import { describe, expect, it } from 'vitest'
import { parseRouteRequest } from '../../schemas/routeRequest.js'
import { normalizeQuery } from './normalizeQuery.js'
import { toWatchKey } from './toWatchKey.js'
import { routeQueryShape } from '../routes/shortcuts.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const FROM = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
const AUTH = 'Bearer key-aaaaaaaaaaaaaaaa'

const keyOf = (query: Record<string, unknown>, ...auth: [string | undefined] | []) =>
  toWatchKey({ authorization: auth.length === 0 ? AUTH : auth[0], params: parseRouteRequest(normalizeQuery(query, routeQueryShape), { requireVariableEstimates: false }) })

describe('toWatchKey', () => {
  const base = { fromAddress: FROM, chainId: '1', tokenIn: USDC, tokenOut: WETH, amountIn: '1000000' }

  it('is one key across query order, list style and token address case', () => {
    const key = keyOf(base)
    expect(keyOf({ amountIn: ['1000000'], tokenOut: WETH.toLowerCase(), 'tokenIn[]': USDC.toUpperCase().replace('0X', '0x'), chainId: '1', fromAddress: FROM })).toBe(key)
  })

  it('splits on the credentials, the amounts, the options and fromAddress as sent (echoed in tx.from)', () => {
    const key = keyOf(base)
    const others = [
      keyOf(base, 'Bearer key-bbbbbbbbbbbbbbbb'),
      keyOf(base, undefined),
      keyOf({ ...base, amountIn: '1000001' }),
      keyOf({ ...base, slippage: '10' }),
      keyOf({ ...base, explain: 'true' }),
      keyOf({ ...base, fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }),
    ]
    expect(new Set([key, ...others]).size).toBe(others.length + 1)
  })
})
