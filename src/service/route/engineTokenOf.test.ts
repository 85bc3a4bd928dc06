import { describe, expect, test } from 'vitest'
import { engineTokenOf } from './engineTokenOf.js'

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('engineTokenOf', () => {
  test('the native coin, however spelled, routes as the wrapped token, lowercase', () => {
    expect(engineTokenOf('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', WETH)).toBe(WETH.toLowerCase())
    expect(engineTokenOf('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', WETH)).toBe(WETH.toLowerCase())
  })

  test('any other token is itself, lowercase (WETH included)', () => {
    expect(engineTokenOf(USDC, WETH)).toBe(USDC.toLowerCase())
    expect(engineTokenOf(WETH, WETH)).toBe(WETH.toLowerCase())
  })
})
