import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { FindRouteReturnType } from '../../engine/types.js'
import type { RouteParams } from '../../schemas/routeRequest.js'
import { bookOf, USDC, WETH } from '../testing/sampleAddressBook.js'
import { toRouteAnswer } from './toRouteAnswer.js'

const user: Address = '0x00000000000000000000000000000000000105e1'
const router: Address = '0x0000000000000000000000000000000000007007'
const NATIVE: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const noRoute = { version: '1:1', blockNumber: 1n, paths: [], amountsIn: [], amountsOut: [], gasEstimate: 0n, certified: true } as FindRouteReturnType
const paramsOf = (p: Partial<RouteParams>) => ({ chainId: 1, fromAddress: user, tokenIn: [USDC], amountIn: [3_030n * 10n ** 6n], tokenOut: [WETH], ...p }) as RouteParams

describe('toRouteAnswer', () => {
  test('amounts, minimums, fees and gas as decimal strings; the block and validity; the tx from the sender', () => {
    const answer = toRouteAnswer({
      params: paramsOf({ tokenOut: [WETH, USDC], tokenIn: [USDC], amountIn: [3_030n * 10n ** 6n] }),
      book: bookOf(), snapshot: { blockNumber: 19_000_000n, timestamp: 1_700_000_000n }, midPrices: new Map(), route: noRoute,
      fees: [30n * 10n ** 6n], amountsOut: [10n ** 18n, 5n], mins: [995n * 10n ** 15n, 4n], gasLimit: 123_456n,
      tx: { data: '0xabcdef' as Hex, value: 0n, to: router }, externalContracts: ['0x5000000000000000000000000000000000000005'],
    })
    expect(answer).toMatchObject({
      gas: '123456', amountOut: '1000000000000000000', minAmountOut: '995000000000000000', amountsOut: ['1000000000000000000', '5'], minAmountsOut: ['995000000000000000', '4'],
      feeAmount: ['30000000'], ensoFeeAmount: ['0'], createdAt: 19_000_000, blockNumber: 19_000_000, validUntil: 1_700_000_060,
      tx: { data: '0xabcdef', to: router, from: user, value: '0' }, route: [], externalContracts: ['0x5000000000000000000000000000000000000005'],
    })
  })

  test('price impact counts the inputs net of fees: 3 030 USDC less a 30 USDC fee for 0.99 WETH at $3 000 is 100 bps', () => {
    const answer = toRouteAnswer({
      params: paramsOf({}), book: bookOf(), snapshot: { blockNumber: 1n, timestamp: 0n }, midPrices: new Map(), route: noRoute,
      fees: [30n * 10n ** 6n], amountsOut: [99n * 10n ** 16n], mins: [0n], gasLimit: 1n, tx: { data: '0x', value: 0n, to: router }, externalContracts: [],
    })
    expect(answer.priceImpact).toBe(100)
  })

  test('the pools\' mid prices win over the book\'s reference prices', () => {
    const answer = toRouteAnswer({
      params: paramsOf({ amountIn: [3_000n * 10n ** 6n] }), book: bookOf(), snapshot: { blockNumber: 1n, timestamp: 0n },
      midPrices: new Map([[WETH.toLowerCase(), { price: 2_700 }]]), route: noRoute,
      fees: [0n], amountsOut: [10n ** 18n], mins: [0n], gasLimit: 1n, tx: { data: '0x', value: 0n, to: router }, externalContracts: [],
    })
    expect(answer.priceImpact).toBe(1_000)
  })

  test('native in and out: value travels as a string, and the route gains its wrap and unwrap steps', () => {
    const answer = toRouteAnswer({
      params: paramsOf({ tokenIn: [NATIVE], amountIn: [2n * 10n ** 18n], tokenOut: [NATIVE] }), book: bookOf(), snapshot: { blockNumber: 7n, timestamp: 0n }, midPrices: new Map(), route: noRoute,
      fees: [0n], amountsOut: [2n * 10n ** 18n], mins: [1n], gasLimit: 1n, tx: { data: '0x', value: 2n * 10n ** 18n, to: router }, externalContracts: [],
    })
    expect(answer.tx.value).toBe('2000000000000000000')
    expect(answer.priceImpact).toBe(0)
    expect(answer.route.map((s) => `${s.protocol}:${s.action}:${s.chainId}`)).toEqual(['wrapped-native:deposit:1', 'wrapped-native:redeem:1'])
  })
})
