import { getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { parseBundleRequest } from './bundleRequest.js'
import { parseNontokenizedRouteRequest } from './nontokenizedRequest.js'
import { parseRouteRequest } from './routeRequest.js'
import { walletSpenderOf } from './walletSpenderOf.js'

const ROUTER = '0x68c3cDB0a6aB688eb1af0c7A632C130A18f8FFAa'
const WALLET = '0x00000000000000000000000000000000000a11e7'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const approvalSpenders = new Set([ROUTER.toLowerCase()])

describe('walletSpenderOf', () => {
  test('a spender naming one of our routers (any casing) names no wallet; any other address is kept', () => {
    expect(walletSpenderOf(ROUTER, approvalSpenders)).toBeUndefined()
    expect(walletSpenderOf(ROUTER.toLowerCase() as never, approvalSpenders)).toBeUndefined()
    expect(walletSpenderOf(WALLET, approvalSpenders)).toBe(WALLET)
    expect(walletSpenderOf(undefined, approvalSpenders)).toBeUndefined()
    expect(walletSpenderOf(ROUTER, undefined)).toBe(ROUTER)
  })

  test('every parser drops it under delegate: the plan runs in fromAddress, and a bundle\'s receiver defaults to fromAddress, not the router', () => {
    const route = parseRouteRequest({ fromAddress: FROM, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1'], routingStrategy: 'delegate', spender: ROUTER }, { requireVariableEstimates: false, approvalSpenders })
    expect(route.spender).toBeUndefined()
    expect(route.receiver).toBe(FROM)
    const bundle = parseBundleRequest({ fromAddress: FROM, routingStrategy: 'delegate', spender: ROUTER }, [{ protocol: 'enso', action: 'route', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '1' } }], { approvalSpenders })
    expect(bundle.spender).toBeUndefined()
    expect(bundle.receiver).toBe(FROM)
    // A wallet named as spender is still the wallet, and a bundle's default receiver.
    expect(parseBundleRequest({ fromAddress: FROM, routingStrategy: 'delegate', spender: WALLET }, [{ protocol: 'enso', action: 'route', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '1' } }], { approvalSpenders }).receiver).toBe(getAddress(WALLET))
    const nontokenized = parseNontokenizedRouteRequest({ fromAddress: FROM, tokenIn: [USDC], amountIn: ['1'], positionOut: WETH, receiver: FROM, spender: ROUTER }, { approvalSpenders })
    expect(nontokenized.spender).toBeUndefined()
  })
})
