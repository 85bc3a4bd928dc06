import { describe, expect, test } from 'vitest'
import { InvalidRequestError } from '../errors/request.js'
import { parseApproveRequest } from './approveRequest.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

/** GET /wallet/approve's parameters (OpenAPI). */
const base = { fromAddress: FROM, tokenAddress: USDC, amount: '1000000' }

function rejection(input: unknown): InvalidRequestError {
  try {
    parseApproveRequest(input)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError)
    return error as InvalidRequestError
  }
  throw new Error('expected the request to be refused')
}

describe('parseApproveRequest', () => {
  test('defaults chain 1 and router; addresses checksummed; amount as bigint (zero allowed: a revoke)', () => {
    expect(parseApproveRequest({ ...base, fromAddress: FROM.toLowerCase(), tokenAddress: USDC.toLowerCase() })).toEqual({
      fromAddress: FROM, tokenAddress: USDC, amount: 1_000_000n, chainId: 1, routingStrategy: 'router',
    })
    expect(parseApproveRequest({ ...base, amount: '0', routingStrategy: null }).amount).toBe(0n)
    expect(parseApproveRequest({ ...base, amount: (2n ** 256n - 1n).toString() }).amount).toBe(2n ** 256n - 1n)
    expect(parseApproveRequest({ ...base, chainId: 8453, routingStrategy: 'delegate-legacy' })).toMatchObject({ chainId: 8453, routingStrategy: 'delegate-legacy' })
    for (const s of ['router', 'delegate', 'router-legacy', 'delegate-legacy']) expect(parseApproveRequest({ ...base, routingStrategy: s }).routingStrategy).toBe(s)
  })

  test('refusals with stable codes', () => {
    const strategy = rejection({ ...base, routingStrategy: 'servicewallet' })
    expect(strategy.code).toBe('INVALID_STRATEGY')
    expect(strategy.message).toBe('routingStrategy: must be one of router, delegate, router-legacy, delegate-legacy')
    expect(rejection({ ...base, amount: '-1' }).code).toBe('INVALID_AMOUNT')
    expect(rejection({ ...base, amount: (2n ** 256n).toString() }).code).toBe('AMOUNT_TOO_LARGE')
    expect(rejection({ ...base, tokenAddress: '0x0000000000000000000000000000000000000000' }).code).toBe('INVALID_TOKEN')
    expect(rejection({ ...base, fromAddress: 'vitalik.eth' }).code).toBe('INVALID_ADDRESS')
    expect(rejection({ fromAddress: FROM, tokenAddress: USDC }).code).toBe('MISSING_FIELD')
    expect(rejection({ ...base, chainId: -1 }).code).toBe('UNSUPPORTED_CHAIN')
    expect(rejection({ ...base, spender: FROM }).code).toBe('UNKNOWN_FIELD')
    // A field present with the wrong type is INVALID_TYPE (not MISSING_FIELD).
    expect(rejection({ ...base, amount: 5 }).code).toBe('INVALID_TYPE')
  })
})
