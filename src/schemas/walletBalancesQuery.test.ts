import { describe, expect, test } from 'vitest'
import { InvalidRequestError } from '../errors/request.js'
import { parseWalletBalancesQuery } from './walletBalancesQuery.js'

const EOA = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

function rejection(input: unknown): InvalidRequestError {
  try {
    parseWalletBalancesQuery(input)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError)
    return error as InvalidRequestError
  }
  throw new Error('expected the request to be refused')
}

describe('parseWalletBalancesQuery: chainId a chain id or "all", useEoa required (OpenAPI)', () => {
  test('a chain id is kept; "all" means every chain (undefined); the address is checksummed', () => {
    expect(parseWalletBalancesQuery({ chainId: 8453, eoaAddress: EOA.toLowerCase(), useEoa: true })).toEqual({ chainId: 8453, eoaAddress: EOA, useEoa: true })
    expect(parseWalletBalancesQuery({ chainId: 'all', eoaAddress: EOA, useEoa: false })).toEqual({ chainId: undefined, eoaAddress: EOA, useEoa: false })
  })

  test('chainId: missing is MISSING_FIELD; an integer no chain can have UNSUPPORTED_CHAIN (issue 24 item 8); anything else but "all" INVALID_TYPE', () => {
    const missing = rejection({ eoaAddress: EOA, useEoa: true })
    expect(missing.code).toBe('MISSING_FIELD')
    expect(missing.message).toBe('chainId: required: a chain id or "all"')
    for (const chainId of [0, -1, 2 ** 53]) {
      const e = rejection({ chainId, eoaAddress: EOA, useEoa: true })
      expect(e.code, String(chainId)).toBe('UNSUPPORTED_CHAIN')
      expect(e.message).toBe(`chainId: Chain ${chainId} is not supported`)
    }
    expect(rejection({ chainId: 1.5, eoaAddress: EOA, useEoa: true }).code).toBe('INVALID_TYPE')
    for (const chainId of ['1', 'ALL', null, 'every']) {
      const e = rejection({ chainId, eoaAddress: EOA, useEoa: true })
      expect(e.code, String(chainId)).toBe('INVALID_TYPE')
      expect(e.message).toBe('chainId: must be a chain id (positive integer) or "all"')
    }
  })

  test('useEoa: required, a boolean', () => {
    const missing = rejection({ chainId: 1, eoaAddress: EOA })
    expect(missing.code).toBe('MISSING_FIELD')
    expect(missing.message).toBe('useEoa: required: true (the EOA) or false (its smart wallet)')
    const wrong = rejection({ chainId: 1, eoaAddress: EOA, useEoa: 'true' })
    expect(wrong.code).toBe('INVALID_TYPE')
    expect(wrong.message).toBe('useEoa: must be true or false')
  })

  test('eoaAddress and unknown fields', () => {
    expect(rejection({ chainId: 1, useEoa: true }).code).toBe('MISSING_FIELD')
    expect(rejection({ chainId: 1, eoaAddress: '0x12', useEoa: true }).code).toBe('INVALID_ADDRESS')
    expect(rejection({ chainId: 1, eoaAddress: EOA, useEoa: true, page: 1 }).code).toBe('UNKNOWN_FIELD')
  })
})
