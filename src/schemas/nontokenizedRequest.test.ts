import { describe, expect, test } from 'vitest'
import { InvalidRequestError } from '../errors/request.js'
import { parseNontokenizedRouteRequest } from './nontokenizedRequest.js'

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const POSITION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'

/** GET /shortcuts/route/nontokenized with its required parameters (OpenAPI). */
const base = { fromAddress: FROM, tokenIn: [WETH], amountIn: ['1000'], positionOut: POSITION, receiver: FROM }

function rejection(input: unknown): InvalidRequestError {
  try {
    parseNontokenizedRouteRequest(input)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError)
    return error as InvalidRequestError
  }
  throw new Error('expected the request to be refused')
}
const codeOf = (input: unknown) => rejection(input).code

describe('parseNontokenizedRouteRequest', () => {
  test('defaults: chain 1, no slippage, zero fees, empty ignore list; addresses checksummed', () => {
    expect(parseNontokenizedRouteRequest({ ...base, fromAddress: FROM.toLowerCase(), positionOut: POSITION.toLowerCase(), receiver: FROM.toLowerCase() })).toEqual({
      chainId: 1,
      fromAddress: FROM,
      tokenIn: [WETH],
      amountIn: [1000n],
      positionOut: POSITION,
      receiver: FROM,
      spender: undefined,
      refundReceiver: undefined,
      slippageBps: undefined,
      feeBps: [0n],
      feeReceiver: undefined,
      referralCode: undefined,
      ignoreStandards: [],
      destinationChainId: undefined,
    })
  })

  test('every optional field is passed through', () => {
    const r = parseNontokenizedRouteRequest({
      ...base, chainId: 8453, routingStrategy: 'delegate', referralCode: 'abc', destinationChainId: 10, tokenIn: [WETH, USDC], amountIn: ['1', '2'],
      slippage: '30', fee: ['10', '0'], feeReceiver: OTHER, ignoreAggregators: ['x'], ignoreBridges: null, ignoreStandards: ['aave-v3'],
      spender: OTHER, refundReceiver: OTHER,
    })
    expect(r).toEqual({
      chainId: 8453, fromAddress: FROM, tokenIn: [WETH, USDC], amountIn: [1n, 2n], positionOut: POSITION, receiver: FROM, spender: OTHER,
      refundReceiver: OTHER, slippageBps: 30n, feeBps: [10n, 0n], feeReceiver: OTHER, referralCode: 'abc', ignoreStandards: ['aave-v3'], destinationChainId: 10,
    })
    expect(parseNontokenizedRouteRequest({ ...base, ignoreStandards: null }).ignoreStandards).toEqual([])
  })

  test('the strategy must be delegate (the wallet holds the position): others INVALID_STRATEGY', () => {
    expect(parseNontokenizedRouteRequest({ ...base, routingStrategy: 'delegate' }).chainId).toBe(1)
    for (const routingStrategy of ['router', 'router-legacy', 'x', '']) {
      const e = rejection({ ...base, routingStrategy })
      expect(e.code, routingStrategy).toBe('INVALID_STRATEGY')
      expect(e.message).toBe('routingStrategy: must be delegate: non-tokenized positions are held by the wallet itself')
    }
    const legacy = rejection({ ...base, routingStrategy: 'delegate-legacy' })
    expect(legacy.code).toBe('INVALID_STRATEGY')
    expect(legacy.message).toBe('routingStrategy: delegate-legacy is not served for non-tokenized routes; use delegate')
  })

  test('lengths: amountIn/tokenIn and fee/amountIn (LENGTH_MISMATCH)', () => {
    const amounts = rejection({ ...base, amountIn: ['1', '2'] })
    expect(amounts.code).toBe('LENGTH_MISMATCH')
    expect(amounts.message).toBe('amountIn: amountIn has 2 entries but tokenIn has 1')
    const fee = rejection({ ...base, fee: ['1', '1'], feeReceiver: OTHER })
    expect(fee.code).toBe('LENGTH_MISMATCH')
    expect(fee.message).toBe('fee: fee has 2 entries but amountIn has 1')
  })

  test('a positive fee needs a feeReceiver; zero fees do not', () => {
    const e = rejection({ ...base, fee: ['1'] })
    expect(e.code).toBe('FEE_RECEIVER_REQUIRED')
    expect(e.message).toBe('feeReceiver: required when fee is given')
    expect(codeOf({ ...base, tokenIn: [WETH, USDC], amountIn: ['1', '1'], fee: ['0', '5'] })).toBe('FEE_RECEIVER_REQUIRED')
    expect(parseNontokenizedRouteRequest({ ...base, fee: ['0'] }).feeBps).toEqual([0n])
    expect(parseNontokenizedRouteRequest({ ...base, fee: ['100'], feeReceiver: OTHER }).feeBps).toEqual([100n])
    expect(codeOf({ ...base, fee: ['101'], feeReceiver: OTHER })).toBe('INVALID_FEE')
  })

  test('a token listed twice (any casing): DUPLICATE_TOKEN at its second index', () => {
    const e = rejection({ ...base, tokenIn: [WETH, USDC, WETH.toLowerCase()], amountIn: ['1', '1', '1'] })
    expect(e.code).toBe('DUPLICATE_TOKEN')
    expect(e.message).toBe(`tokenIn[2]: ${WETH} is listed twice`)
  })

  test('field shapes', () => {
    const { receiver: _, ...noReceiver } = base
    expect(codeOf(noReceiver)).toBe('MISSING_FIELD')
    const { positionOut: __, ...noPosition } = base
    expect(codeOf(noPosition)).toBe('MISSING_FIELD')
    expect(codeOf({ ...base, amountIn: ['0'] })).toBe('INVALID_AMOUNT')
    expect(codeOf({ ...base, amountIn: [] })).toBe('MISSING_FIELD')
    expect(codeOf({ ...base, tokenIn: Array(17).fill(WETH), amountIn: Array(17).fill('1') })).toBe('TOO_MANY_ITEMS')
    expect(codeOf({ ...base, receiver: '0x0000000000000000000000000000000000000000' })).toBe('INVALID_RECEIVER')
    // positionOut: an address (checksum checked) or a positionId (issue 24 item 14); which position it is, the service decides.
    expect(parseNontokenizedRouteRequest({ ...base, positionOut: 'aave-v3:collateral:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }).positionOut).toBe('aave-v3:collateral:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
    expect(parseNontokenizedRouteRequest({ ...base, positionOut: `0x${'ab'.repeat(32)}:supply` }).positionOut).toBe(`0x${'ab'.repeat(32)}:supply`)
    expect(codeOf({ ...base, positionOut: POSITION.slice(0, 3) + (POSITION[3] === POSITION[3]!.toLowerCase() ? POSITION[3]!.toUpperCase() : POSITION[3]!.toLowerCase()) + POSITION.slice(4) })).toBe('INVALID_CHECKSUM')
    expect(codeOf({ ...base, positionOut: 'two words' })).toBe('INVALID_POSITION')
    expect(codeOf({ ...base, positionOut: '' })).toBe('INVALID_POSITION')
    expect(codeOf({ ...base, positionOut: 'x'.repeat(201) })).toBe('INVALID_POSITION')
    expect(codeOf({ ...base, slippage: '10001' })).toBe('INVALID_SLIPPAGE')
    expect(codeOf({ ...base, ignoreStandards: Array(65).fill('x') })).toBe('TOO_MANY_ITEMS')
    expect(codeOf({ ...base, ignoreAggregators: ['x'.repeat(65)] })).toBe('INVALID_ARGUMENT')
    expect(codeOf({ ...base, ignoreBridges: Array(65).fill('x') })).toBe('TOO_MANY_ITEMS')
    expect(codeOf({ ...base, tokenOut: [USDC] })).toBe('UNKNOWN_FIELD')
    expect(codeOf({ ...base, tokenIn: WETH })).toBe('INVALID_TYPE')
    expect(rejection({ ...base, amountIn: ['1', '2'] }).issues).toEqual([{ field: 'amountIn', reason: 'amountIn has 2 entries but tokenIn has 1' }])
    expect(rejection({ ...base, routingStrategy: 'router' }).issues).toEqual([{ field: 'routingStrategy', reason: 'must be delegate: non-tokenized positions are held by the wallet itself' }])
  })
})
