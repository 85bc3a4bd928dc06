import { describe, expect, test } from 'vitest'
import { createTokenBook, NATIVE_TOKEN } from '../tokens/createTokenBook.js'
import { readBundleQuestion, readRouteQuestion, type RouteFormValues } from './readQuestion.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const tokens = createTokenBook({
  chainIds: [1, 8453],
  tokens: [
    { address: USDC, chainId: 1, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    { address: USDC_BASE, chainId: 8453, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  ],
})
const form: RouteFormValues = { chainId: 1, destinationChainId: 1, tokenIn: 'eth', tokenOut: 'USDC', amount: '1.5', slippage: ' 50 ', strategy: 'router', fromAddress: ' 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 ', receiver: '' }

describe('readRouteQuestion', () => {
  test('tokens by symbol (any case) on their own chains, the amount in the input token\'s units', () => {
    expect(readRouteQuestion(form, tokens)).toEqual({
      kind: 'route', chainId: 1, fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', tokenIn: NATIVE_TOKEN, tokenOut: USDC,
      amountIn: '1500000000000000000', slippage: '50', routingStrategy: 'router',
    })
    expect(readRouteQuestion({ ...form, tokenIn: USDC.toLowerCase(), tokenOut: 'ETH', amount: '2.5' }, tokens)).toMatchObject({ tokenIn: USDC, tokenOut: NATIVE_TOKEN, amountIn: '2500000' })
  })

  test('cross-chain: tokenOut read on the destination, the receiver defaults to the sender', () => {
    expect(readRouteQuestion({ ...form, destinationChainId: 8453 }, tokens)).toMatchObject({ destinationChainId: 8453, tokenOut: USDC_BASE, receiver: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' })
    expect(readRouteQuestion({ ...form, receiver: '0x0000000000000000000000000000000000cc7002' }, tokens)).toMatchObject({ receiver: '0x0000000000000000000000000000000000cc7002' })
    expect(readRouteQuestion(form, tokens)).not.toHaveProperty('destinationChainId')
  })

  test('says which field to fix', () => {
    expect(() => readRouteQuestion({ ...form, tokenOut: 'NOPE' }, tokens)).toThrow('Token out: "NOPE" is not a token of chain 1')
    expect(() => readRouteQuestion({ ...form, tokenIn: '0x0000000000000000000000000000000000000bad' }, tokens)).toThrow('Token in:')
    expect(() => readRouteQuestion({ ...form, amount: '1.0000001', tokenIn: 'USDC', tokenOut: 'ETH' }, tokens)).toThrow('has 7 decimals; the token has 6')
  })
})

describe('readBundleQuestion', () => {
  test('the actions as pasted; anything but a JSON array is refused', () => {
    expect(readBundleQuestion({ chainId: 1, fromAddress: ' 0xabc ', strategy: 'delegate', actions: '[{"protocol":"enso"}]' })).toEqual({ kind: 'bundle', chainId: 1, fromAddress: '0xabc', routingStrategy: 'delegate', actions: [{ protocol: 'enso' }] })
    expect(() => readBundleQuestion({ chainId: 1, fromAddress: '', strategy: 'router', actions: '{"protocol":"enso"}' })).toThrow('must be a JSON array')
    expect(() => readBundleQuestion({ chainId: 1, fromAddress: '', strategy: 'router', actions: '[' })).toThrow('The bundle is not JSON')
  })
})
