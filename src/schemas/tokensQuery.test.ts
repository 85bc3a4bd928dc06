import { describe, expect, test } from 'vitest'
import { InvalidRequestError } from '../errors/request.js'
import { DEFAULT_TOKENS_PAGE, MAX_TOKENS_PAGE, encodeTokensCursor, parseTokensQuery } from './tokensQuery.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

function rejection(input: unknown): InvalidRequestError {
  try {
    parseTokensQuery(input)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError)
    return error as InvalidRequestError
  }
  throw new Error('expected the query to be refused')
}

const empty = { underlyingTokens: undefined, underlyingTokensExact: undefined, primaryAddress: undefined, address: undefined }

describe('parseTokensQuery: filters and pages', () => {
  test('no query: the first page of 100, every address filter present and undefined', () => {
    expect(DEFAULT_TOKENS_PAGE).toBe(100)
    expect(MAX_TOKENS_PAGE).toBe(1000)
    expect(parseTokensQuery(undefined)).toStrictEqual({ ...empty, offset: 0, pageSize: 100 })
    expect(parseTokensQuery(null)).toStrictEqual({ ...empty, offset: 0, pageSize: 100 })
    expect(parseTokensQuery({})).toStrictEqual({ ...empty, offset: 0, pageSize: 100 })
  })

  test('page n of size s starts at (n - 1) × s', () => {
    expect(parseTokensQuery({ page: 1, pageSize: 10 }).offset).toBe(0)
    expect(parseTokensQuery({ page: 3, pageSize: 10 })).toMatchObject({ offset: 20, pageSize: 10 })
    expect(parseTokensQuery({ page: 2 })).toMatchObject({ offset: 100, pageSize: 100 })
    expect(parseTokensQuery({ pageSize: 7 })).toMatchObject({ offset: 0, pageSize: 7 })
    expect(parseTokensQuery({ page: 1_000_000, pageSize: 1000 }).offset).toBe(999_999_000)
  })

  test('a cursor wins over page: ours (base64url "o:<offset>"), or a numeric offset as number or decimal string', () => {
    // Hand-encoded: base64url("o:1234") = "bzoxMjM0".
    expect(encodeTokensCursor(1234)).toBe('bzoxMjM0')
    expect(encodeTokensCursor(0)).toBe('bzow')
    expect(parseTokensQuery({ cursor: 'bzoxMjM0', page: 5 }).offset).toBe(1234)
    expect(parseTokensQuery({ cursor: 'bzow', page: 5 }).offset).toBe(0)
    expect(parseTokensQuery({ cursor: 'bzo5OTk5OTk5OTk' }).offset).toBe(999_999_999)
    for (const n of [0, 1, 99, 123_456_789]) expect(parseTokensQuery({ cursor: encodeTokensCursor(n) }).offset).toBe(n)
    expect(parseTokensQuery({ cursor: 250, page: 9, pageSize: 10 })).toMatchObject({ offset: 250, pageSize: 10 })
    expect(parseTokensQuery({ cursor: 0, page: 9 }).offset).toBe(0)
    expect(parseTokensQuery({ cursor: '250', page: 9 }).offset).toBe(250)
    expect(parseTokensQuery({ cursor: '0' }).offset).toBe(0)
    expect(parseTokensQuery({ cursor: '999999999' }).offset).toBe(999_999_999)
    expect(parseTokensQuery({ cursor: 999_999_999 }).offset).toBe(999_999_999)
  })

  test('cursors we did not issue: INVALID_ARGUMENT "cursor: not a cursor this API issued"', () => {
    // 10 digits, a leading zero, another prefix, a negative offset, junk, an empty string.
    for (const cursor of ['bzoxMDAwMDAwMDAw', '1000000000', '0250', 'eDo1', 'bzotMQ', 'hello', '', '-1', '1.5']) {
      const e = rejection({ cursor })
      expect(e.code, cursor).toBe('INVALID_ARGUMENT')
      expect(e.message).toBe('cursor: not a cursor this API issued')
      expect(e.issues).toEqual([{ field: 'cursor', reason: 'unknown cursor' }])
    }
    // Trailing garbage after our prefix: refused too.
    expect(rejection({ cursor: Buffer.from('o:12x').toString('base64url') }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ cursor: Buffer.from('xo:12').toString('base64url') }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ cursor: 'x'.repeat(65) }).code).toBe('INVALID_ARGUMENT')
    for (const cursor of [-1, 1_000_000_000]) expect(rejection({ cursor }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ cursor: 1.5 }).code).not.toBe('OK')
  })

  test('page bounds: page 1–1,000,000, pageSize 1–1,000, integers', () => {
    expect(parseTokensQuery({ pageSize: 1000 }).pageSize).toBe(1000)
    for (const q of [{ page: 0 }, { page: 1_000_001 }, { pageSize: 0 }, { pageSize: 1001 }]) expect(rejection(q).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ page: 1.5 }).code).toBe('INVALID_TYPE')
    expect(rejection({ page: '2' }).code).toBe('INVALID_TYPE')
  })

  test('filters are passed through; address lists checksummed', () => {
    const q = parseTokensQuery({
      chainId: 1, protocolSlug: 'aave-v3', project: 'aave', type: 'defi', underlyingTokens: [USDC.toLowerCase()], underlyingTokensExact: [USDC, WETH],
      primaryAddress: [WETH.toLowerCase()], address: [USDC.toLowerCase()], symbol: 'aUSDC', name: 'Aave USDC', apyFrom: -1.5, apyTo: 20, tvlFrom: 0, tvlTo: 1e9, tvl: 5,
      includeMetadata: true, includeUnderlying: false,
    })
    expect(q).toStrictEqual({
      chainId: 1, protocolSlug: 'aave-v3', project: 'aave', type: 'defi', underlyingTokens: [USDC], underlyingTokensExact: [USDC, WETH],
      primaryAddress: [WETH], address: [USDC], symbol: ['aUSDC'], name: ['Aave USDC'], apyFrom: -1.5, apyTo: 20, tvlFrom: 0, tvlTo: 1e9, tvl: 5,
      includeMetadata: true, includeUnderlying: false, offset: 0, pageSize: 100,
    })
  })

  // Issue 24 item 14: symbol and name are lists (one string is a list of one), liquidityType is the published enum.
  test('symbol and name lists, liquidityType', () => {
    expect(parseTokensQuery({ symbol: ['USDC', 'DAI'], name: ['USD Coin', 'Dai, Stablecoin'] })).toMatchObject({ symbol: ['USDC', 'DAI'], name: ['USD Coin', 'Dai, Stablecoin'] })
    for (const liquidityType of ['SingleToken', 'MultiToken'] as const) expect(parseTokensQuery({ liquidityType }).liquidityType).toBe(liquidityType)
    expect(rejection({ liquidityType: 'x' }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ symbol: Array.from({ length: 101 }, () => 'A') }).code).toBe('TOO_MANY_ITEMS')
  })

  test('filter bounds and shapes', () => {
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `0x${(0x100000 + i).toString(16).padStart(40, '0')}`)
    expect(parseTokensQuery({ underlyingTokens: addresses(16), primaryAddress: addresses(100) }).primaryAddress).toHaveLength(100)
    expect(rejection({ underlyingTokens: addresses(17) }).code).toBe('TOO_MANY_ITEMS')
    expect(rejection({ underlyingTokensExact: addresses(17) }).code).toBe('TOO_MANY_ITEMS')
    expect(rejection({ primaryAddress: addresses(101) }).code).toBe('TOO_MANY_ITEMS')
    expect(rejection({ address: addresses(101) }).code).toBe('TOO_MANY_ITEMS')
    expect(rejection({ address: ['0x12'] }).code).toBe('INVALID_ADDRESS')
    expect(rejection({ type: 'lp' }).code).toBe('INVALID_ARGUMENT')
    for (const type of ['base', 'defi'] as const) expect(parseTokensQuery({ type }).type).toBe(type)
    expect(rejection({ tvlFrom: -1 }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ tvlTo: -1 }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ tvl: -1 }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ apyFrom: Infinity }).code).not.toBe('OK')
    expect(rejection({ symbol: 'x'.repeat(65) }).code).toBe('INVALID_ARGUMENT')
    expect(parseTokensQuery({ name: 'x'.repeat(128) }).name).toEqual(['x'.repeat(128)])
    expect(rejection({ name: 'x'.repeat(129) }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ protocolSlug: 'x'.repeat(65) }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ project: 'x'.repeat(65) }).code).toBe('INVALID_ARGUMENT')
    expect(rejection({ chainId: 0 }).code).toBe('UNSUPPORTED_CHAIN')
    expect(rejection({ liquidityTypes: 'x' }).code).toBe('UNKNOWN_FIELD')
  })
})
