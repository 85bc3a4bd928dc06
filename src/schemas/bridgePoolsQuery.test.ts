import { describe, expect, it } from 'vitest'
import { parseBridgePoolsQuery } from './bridgePoolsQuery.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'

const codeOf = (input: unknown) => {
  try {
    parseBridgePoolsQuery(input)
    return 'ok'
  } catch (error) {
    return (error as { code: string }).code
  }
}

describe('parseBridgePoolsQuery', () => {
  it('checksums addresses and leaves unset filters undefined', () => {
    expect(parseBridgePoolsQuery({ chainId: 1, token: USDC.toLowerCase() })).toEqual({ chainId: 1, token: USDC, destinationChainId: undefined, destinationToken: undefined })
    expect(parseBridgePoolsQuery({ chainId: 1, token: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', destinationChainId: 8453, destinationToken: BASE_USDC })).toEqual({
      chainId: 1, token: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', destinationChainId: 8453, destinationToken: BASE_USDC,
    })
  })

  it('refuses bad fields with stable codes', () => {
    expect(codeOf({ token: USDC })).toBe('MISSING_FIELD')
    expect(codeOf({ chainId: 1 })).toBe('MISSING_FIELD')
    expect(codeOf({ chainId: '1', token: USDC })).toBe('INVALID_TYPE')
    expect(codeOf({ chainId: 0, token: USDC })).toBe('UNSUPPORTED_CHAIN')
    expect(codeOf({ chainId: 1, token: '0x123' })).toBe('INVALID_ADDRESS')
    expect(codeOf({ chainId: 1, token: '0xa0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toBe('INVALID_CHECKSUM')
    expect(codeOf({ chainId: 1, token: '0x0000000000000000000000000000000000000000' })).toBe('INVALID_TOKEN')
    expect(codeOf({ chainId: 1, token: USDC, destinationToken: 'usdc' })).toBe('INVALID_ADDRESS')
    expect(codeOf({ chainId: 1, token: USDC, amount: '1' })).toBe('UNKNOWN_FIELD')
  })

  it('names the field in the message', () => {
    expect(() => parseBridgePoolsQuery({ chainId: 1, token: USDC, destinationChainId: -2 })).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: destinationChainId: Chain -2 is not supported]`)
  })
})
