import { describe, expect, test } from 'vitest'
import { InvalidRequestError } from '../errors/request.js'
import { MAX_IGNORE_ITEMS, MAX_ITEMS, NATIVE_ADDRESS, parseRouteRequest, routingStrategies, strategySchema } from './routeRequest.js'

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const OTHER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const THIRD = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'

/** The smallest valid POST body (the SDK's RouteParams shape, variableEstimates included). */
const base = { fromAddress: FROM, amountIn: ['1000'], tokenIn: [WETH], tokenOut: [USDC], variableEstimates: {} }
const post = { requireVariableEstimates: true }
const get = { requireVariableEstimates: false }

/** The typed error of a rejected request: code, message and fields. */
function rejection(input: unknown, options = post): InvalidRequestError {
  try {
    parseRouteRequest(input, options)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError)
    return error as InvalidRequestError
  }
  throw new Error('expected the request to be refused')
}
const codeOf = (input: unknown, options = post) => rejection(input, options).code

describe('parseRouteRequest: defaults of the spec', () => {
  test('a minimal body: chain 1, router, receiver and refund receiver = fromAddress, slippage 50 bps, zero fees, empty ignore lists', () => {
    expect(parseRouteRequest(base, post)).toEqual({
      chainId: 1,
      fromAddress: FROM,
      tokenIn: [WETH],
      amountIn: [1000n],
      tokenOut: [USDC],
      routingStrategy: 'router',
      receiver: FROM,
      spender: undefined,
      slippageBps: 50n,
      minAmountOut: undefined,
      feeBps: [0n],
      feeReceiver: undefined,
      ignoreAggregators: [],
      ignoreStandards: [],
      referralCode: undefined,
      refundReceiver: FROM,
      destinationChainId: undefined,
      ignoreBridges: [],
      refundReceiverGiven: undefined,
      fromAddressAsSent: FROM,
    })
  })

  test('addresses come back checksummed; fromAddress is also echoed exactly as sent', () => {
    const r = parseRouteRequest({ ...base, fromAddress: FROM.toLowerCase(), tokenIn: [WETH.toLowerCase()], tokenOut: [USDC.toUpperCase().replace('0X', '0x')] }, post)
    expect(r.fromAddress).toBe(FROM)
    expect(r.receiver).toBe(FROM)
    expect(r.refundReceiver).toBe(FROM)
    expect(r.tokenIn).toEqual([WETH])
    expect(r.tokenOut).toEqual([USDC])
    expect(r.fromAddressAsSent).toBe(FROM.toLowerCase())
  })

  test('every optional field given is passed through, normalised', () => {
    const r = parseRouteRequest({
      ...base,
      chainId: 8453,
      amountIn: ['5', '7'],
      tokenIn: [WETH, NATIVE_ADDRESS.toLowerCase()],
      tokenOut: [USDC, DAI],
      routingStrategy: 'delegate',
      receiver: OTHER.toLowerCase(),
      spender: THIRD,
      minAmountOut: ['0', '9'],
      fee: ['100', 0],
      feeReceiver: THIRD,
      ignoreAggregators: ['1inch'],
      ignoreStandards: ['uniswap-v2'],
      ignoreBridges: ['stargate'],
      referralCode: 'ref-1',
      refundReceiver: OTHER,
      toEoa: null,
      executionMode: 'user',
    }, post)
    expect(r).toMatchObject({
      chainId: 8453,
      amountIn: [5n, 7n],
      tokenIn: [WETH, NATIVE_ADDRESS],
      tokenOut: [USDC, DAI],
      routingStrategy: 'delegate',
      receiver: OTHER,
      spender: THIRD,
      slippageBps: 50n,
      minAmountOut: [0n, 9n],
      feeBps: [100n, 0n],
      feeReceiver: THIRD,
      ignoreAggregators: ['1inch'],
      ignoreStandards: ['uniswap-v2'],
      ignoreBridges: ['stargate'],
      referralCode: 'ref-1',
      refundReceiver: OTHER,
      refundReceiverGiven: OTHER,
    })
  })

  test('null lists and a null strategy mean their defaults', () => {
    const r = parseRouteRequest({ ...base, routingStrategy: null, ignoreAggregators: null, ignoreStandards: null, ignoreBridges: null }, post)
    expect(r.routingStrategy).toBe('router')
    expect(r.ignoreAggregators).toEqual([])
    expect(r.ignoreStandards).toEqual([])
    expect(r.ignoreBridges).toEqual([])
  })

  test('one zero fee per amountIn entry when no fee is given', () => {
    const r = parseRouteRequest({ ...base, amountIn: ['1', '2', '3'], tokenIn: [WETH, DAI, NATIVE_ADDRESS] }, post)
    expect(r.feeBps).toEqual([0n, 0n, 0n])
  })
})

describe('parseRouteRequest: slippage and minAmountOut', () => {
  test('slippage (string or number) wins over minAmountOut, which is then dropped', () => {
    const both = parseRouteRequest({ ...base, slippage: '300', minAmountOut: ['1'] }, post)
    expect(both.slippageBps).toBe(300n)
    expect(both.minAmountOut).toBeUndefined()
    expect(parseRouteRequest({ ...base, slippage: 0 }, post).slippageBps).toBe(0n)
    expect(parseRouteRequest({ ...base, slippage: '10000' }, post).slippageBps).toBe(10_000n)
  })

  test('without slippage the caller\'s minimums are kept (and the default 50 bps reported)', () => {
    const r = parseRouteRequest({ ...base, minAmountOut: ['123'] }, post)
    expect(r.minAmountOut).toEqual([123n])
    expect(r.slippageBps).toBe(50n)
  })

  test('slippage above 100 % or malformed: INVALID_SLIPPAGE', () => {
    for (const slippage of ['10001', '-1', '0.5', '5%', 10_001, 1.5]) expect(codeOf({ ...base, slippage }), String(slippage)).toBe('INVALID_SLIPPAGE')
  })
})

describe('parseRouteRequest: strategies and spender', () => {
  test('the four strategies are accepted; the spender is kept only for the delegate ones', () => {
    expect(routingStrategies).toEqual(['router', 'delegate', 'router-legacy', 'delegate-legacy'])
    const spenderOf = (routingStrategy: string) => parseRouteRequest({ ...base, routingStrategy, spender: OTHER }, post)
    expect(spenderOf('router').spender).toBeUndefined()
    expect(spenderOf('router-legacy').spender).toBeUndefined()
    expect(spenderOf('delegate').spender).toBe(OTHER)
    expect(spenderOf('delegate-legacy').spender).toBe(OTHER)
    for (const s of routingStrategies) expect(spenderOf(s).routingStrategy).toBe(s)
  })

  test('unknown strategies: INVALID_STRATEGY listing the known ones', () => {
    const e = rejection({ ...base, routingStrategy: 'servicewallet' })
    expect(e.code).toBe('INVALID_STRATEGY')
    expect(e.message).toBe('routingStrategy: must be one of router, delegate, router-legacy, delegate-legacy')
    expect(codeOf({ ...base, routingStrategy: 'Router' })).toBe('INVALID_STRATEGY')
    expect(strategySchema.parse('delegate')).toBe('delegate')
  })
})

describe('parseRouteRequest: refusals with stable codes', () => {
  test('variableEstimates is required on POST only', () => {
    const { variableEstimates: _, ...withoutEstimates } = base
    const e = rejection(withoutEstimates, post)
    expect(e.code).toBe('MISSING_FIELD')
    expect(e.message).toBe('variableEstimates: the object is required (it may be empty)')
    expect(e.issues).toEqual([{ field: 'variableEstimates', reason: 'the object is required (it may be empty)' }])
    expect(parseRouteRequest(withoutEstimates, get).amountIn).toEqual([1000n])
  })

  test('issue 24 item 10: variableEstimates null is refused on POST and GET (the reference types it a non-nullable object)', () => {
    for (const options of [post, get]) {
      const e = rejection({ ...base, variableEstimates: null }, options)
      expect(e.code).toBe('INVALID_TYPE')
      expect(e.issues[0]?.field).toBe('variableEstimates')
      expect(e.message).toMatch(/^variableEstimates: /)
    }
  })

  test('lengths must match: amountIn/tokenIn, fee/amountIn, minAmountOut/tokenOut (LENGTH_MISMATCH)', () => {
    const amounts = rejection({ ...base, amountIn: ['1', '2'] })
    expect(amounts.code).toBe('LENGTH_MISMATCH')
    expect(amounts.message).toBe('amountIn: amountIn has 2 entries but tokenIn has 1')
    const fee = rejection({ ...base, fee: ['1', '2'], feeReceiver: OTHER })
    expect(fee.code).toBe('LENGTH_MISMATCH')
    expect(fee.message).toBe('fee: fee has 2 entries but amountIn has 1')
    const min = rejection({ ...base, minAmountOut: ['1', '2'] })
    expect(min.code).toBe('LENGTH_MISMATCH')
    expect(min.message).toBe('minAmountOut: minAmountOut has 2 entries but tokenOut has 1')
    expect(parseRouteRequest({ ...base, fee: ['1'], feeReceiver: OTHER }, post).feeBps).toEqual([1n])
  })

  test('a fee (even 0) needs a feeReceiver (FEE_RECEIVER_REQUIRED)', () => {
    for (const fee of [['1'], ['0']]) {
      const e = rejection({ ...base, fee })
      expect(e.code).toBe('FEE_RECEIVER_REQUIRED')
      expect(e.message).toBe('feeReceiver: required when fee is given')
    }
    expect(codeOf({ ...base, fee: ['101'], feeReceiver: OTHER })).toBe('INVALID_FEE')
  })

  test('a token listed twice on one side (any casing): DUPLICATE_TOKEN at its second index', () => {
    const ins = rejection({ ...base, amountIn: ['1', '2', '3'], tokenIn: [WETH, DAI, DAI.toLowerCase()] })
    expect(ins.code).toBe('DUPLICATE_TOKEN')
    expect(ins.message).toBe(`tokenIn[2]: ${DAI} is listed twice`)
    const outs = rejection({ ...base, tokenOut: [USDC, DAI, USDC.toLowerCase()] })
    expect(outs.code).toBe('DUPLICATE_TOKEN')
    expect(outs.issues).toEqual([{ field: 'tokenOut[2]', reason: `${USDC} is listed twice` }])
  })

  test('the same token in and out on one chain: SAME_TOKEN; across chains it is a bridge', () => {
    const same = rejection({ ...base, amountIn: ['1', '2'], tokenIn: [DAI, USDC.toLowerCase()] })
    expect(same.code).toBe('SAME_TOKEN')
    expect(same.message).toBe('tokenIn[1]: tokenIn and tokenOut must differ')
    // destinationChainId equal to the chain (given or defaulted to 1): still the same token.
    expect(codeOf({ ...base, tokenOut: [WETH], destinationChainId: 1, receiver: OTHER })).toBe('SAME_TOKEN')
    expect(codeOf({ ...base, tokenOut: [WETH], chainId: 8453, destinationChainId: 8453, receiver: OTHER })).toBe('SAME_TOKEN')
    // Across chains the same address names two tokens.
    const bridged = parseRouteRequest({ ...base, tokenIn: [NATIVE_ADDRESS], tokenOut: [NATIVE_ADDRESS], chainId: 8453, destinationChainId: 1, receiver: OTHER }, post)
    expect(bridged.destinationChainId).toBe(1)
    expect(bridged.chainId).toBe(8453)
    expect(bridged.receiver).toBe(OTHER)
    expect(parseRouteRequest({ ...base, tokenOut: [WETH], destinationChainId: 10, receiver: OTHER }, post).destinationChainId).toBe(10)
  })

  test('destinationChainId: equal to chainId is SAME_CHAIN_BRIDGE; it needs a receiver', () => {
    const same = rejection({ ...base, destinationChainId: 1, receiver: OTHER })
    expect(same.code).toBe('SAME_CHAIN_BRIDGE')
    expect(same.message).toBe('destinationChainId: equals chainId; omit it for a same-chain route')
    expect(codeOf({ ...base, chainId: 10, destinationChainId: 10, receiver: OTHER })).toBe('SAME_CHAIN_BRIDGE')
    const noReceiver = rejection({ ...base, destinationChainId: 10 })
    expect(noReceiver.code).toBe('MISSING_FIELD')
    expect(noReceiver.message).toBe('receiver: required when destinationChainId is given')
    const ok = parseRouteRequest({ ...base, chainId: 10, destinationChainId: 1, receiver: OTHER, refundReceiver: THIRD }, post)
    expect(ok).toMatchObject({ chainId: 10, destinationChainId: 1, receiver: OTHER, refundReceiver: THIRD, refundReceiverGiven: THIRD })
  })

  test('field shapes: amounts, addresses, receivers, lists, unknown keys', () => {
    expect(codeOf({ ...base, amountIn: ['0'] })).toBe('INVALID_AMOUNT')
    expect(codeOf({ ...base, amountIn: ['1e18'] })).toBe('INVALID_AMOUNT')
    expect(codeOf({ ...base, amountIn: [(2n ** 256n).toString()] })).toBe('AMOUNT_TOO_LARGE')
    expect(parseRouteRequest({ ...base, minAmountOut: ['0'] }, post).minAmountOut).toEqual([0n])
    expect(codeOf({ ...base, amountIn: [] })).toBe('MISSING_FIELD')
    expect(codeOf({ ...base, amountIn: '1000' })).toBe('INVALID_TYPE')
    expect(codeOf({ ...base, tokenIn: ['0x0000000000000000000000000000000000000000'] })).toBe('INVALID_TOKEN')
    expect(codeOf({ ...base, fromAddress: '0x12' })).toBe('INVALID_ADDRESS')
    expect(codeOf({ ...base, receiver: '0x0000000000000000000000000000000000000000' })).toBe('INVALID_RECEIVER')
    for (const field of ['receiver', 'spender', 'feeReceiver', 'refundReceiver']) {
      expect(codeOf({ ...base, [field]: '0x0000000000000000000000000000000000000001' }), field).toBe('RECEIVER_IS_PRECOMPILE')
    }
    expect(codeOf({ ...base, tokenInn: [WETH] })).toBe('UNKNOWN_FIELD')
    expect(codeOf({ ...base, referralCode: 'x'.repeat(17) })).toBe('REFERRAL_TOO_LONG')
    // Issue 24 item 8: a chain id no chain can have is UNSUPPORTED_CHAIN (the transports list the served ones).
    expect(codeOf({ ...base, chainId: 0 })).toBe('UNSUPPORTED_CHAIN')
    expect(codeOf({ ...base, chainId: 2 ** 53 })).toBe('UNSUPPORTED_CHAIN')
    expect(codeOf({ ...base, destinationChainId: -1, receiver: OTHER })).toBe('UNSUPPORTED_CHAIN')
    expect(codeOf({ ...base, chainId: 1.5 })).toBe('INVALID_TYPE')
    expect(codeOf({ ...base, executionMode: 'relayer' })).toBe('INVALID_ARGUMENT')
    for (const executionMode of ['user', 'backend']) expect(parseRouteRequest({ ...base, executionMode }, post).amountIn).toEqual([1000n])
    expect(codeOf({ ...base, toEoa: 'yes' })).toBe('INVALID_TYPE')
    expect(codeOf({ ...base, variableEstimates: [] })).toBe('INVALID_TYPE')
    expect(codeOf({ ...base, fromAddress: undefined })).toBe('MISSING_FIELD')
  })

  test('list bounds: 16 tokens/amounts/fees, 64 ignore entries of at most 64 characters', () => {
    expect(MAX_ITEMS).toBe(16)
    expect(MAX_IGNORE_ITEMS).toBe(64)
    const tokens = (n: number) => Array.from({ length: n }, (_, i) => `0x${(0x100000 + i).toString(16).padStart(40, '0')}`)
    const ok = parseRouteRequest({ ...base, amountIn: tokens(16).map(() => '1'), tokenIn: tokens(16), fee: tokens(16).map(() => '1'), feeReceiver: OTHER }, post)
    expect(ok.tokenIn).toHaveLength(16)
    expect(codeOf({ ...base, amountIn: tokens(17).map(() => '1'), tokenIn: tokens(17) })).toBe('TOO_MANY_ITEMS')
    expect(codeOf({ ...base, tokenOut: tokens(17) })).toBe('TOO_MANY_ITEMS')
    expect(codeOf({ ...base, minAmountOut: tokens(17).map(() => '1') })).toBe('TOO_MANY_ITEMS')
    expect(codeOf({ ...base, fee: tokens(17).map(() => '1'), feeReceiver: OTHER })).toBe('TOO_MANY_ITEMS')
    for (const field of ['ignoreAggregators', 'ignoreStandards', 'ignoreBridges']) {
      expect(parseRouteRequest({ ...base, [field]: Array(64).fill('x'.repeat(64)) }, post)[field as 'ignoreStandards']).toHaveLength(64)
      expect(codeOf({ ...base, [field]: Array(65).fill('x') }), field).toBe('TOO_MANY_ITEMS')
      expect(codeOf({ ...base, [field]: ['x'.repeat(65)] }), field).toBe('INVALID_ARGUMENT')
    }
  })

  test('checks run in a fixed order: shape first, then lengths, fees, duplicates, same token, chains', () => {
    expect(codeOf({ ...base, amountIn: ['1', '2'], fee: ['1'], tokenOut: [WETH] })).toBe('LENGTH_MISMATCH')
    expect(codeOf({ ...base, fee: ['1'], tokenOut: [WETH] })).toBe('FEE_RECEIVER_REQUIRED')
    expect(codeOf({ ...base, tokenOut: [WETH, WETH] })).toBe('DUPLICATE_TOKEN')
    expect(codeOf({ ...base, tokenOut: [WETH], destinationChainId: 1 })).toBe('SAME_TOKEN')
  })
})
