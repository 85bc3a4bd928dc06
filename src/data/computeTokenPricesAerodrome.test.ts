import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { AerodromePoolSnapshot } from '../protocols/aerodrome/types.js'
import { bookOf, PAIR, USDC, WETH } from '../service/testing/sampleAddressBook.js'
import { computeTokenPrices } from './computeTokenPrices.js'

const usdc = USDC.toLowerCase() as Hex
const weth = WETH.toLowerCase() as Hex
const lp = PAIR.toLowerCase() as Hex
const pool = (stable: boolean, usdcWhole: bigint, wethWhole: bigint): AerodromePoolSnapshot => ({
  protocol: 'aerodrome', address: lp, blockNumber: 1n, tokens: [usdc, weth, lp], stable,
  reserve0: usdcWhole * 10n ** 6n, reserve1: wethWhole * 10n ** 18n, decimals0: 10n ** 6n, decimals1: 10n ** 18n, fee: 30n, totalSupply: 10n ** 18n,
})

describe('Aerodrome pools in token prices', () => {
  test('a volatile pool prices each token from the other by the reserves, weighted by the counterpart side; the LP token is not priced', () => {
    // WETH against USDC (reference $1): 2,000,000 USDC for 1,000 WETH is $2,000 a WETH.
    const prices = computeTokenPrices({ version: '8453:1', chainId: 8453, blockNumber: 1n, pools: [pool(false, 2_000_000n, 1_000n)] }, bookOf())
    expect(prices.get(weth)?.price).toBeCloseTo(2_000, 6)
    expect(prices.get(weth)?.liquidityUsd).toBeCloseTo(2_000_000, 0)
    expect(prices.get(usdc)?.price).toBeCloseTo(1.5, 6) // 1,000 WETH at the book's $3,000 for 2,000,000 USDC
    expect(prices.has(lp)).toBe(false)
  })

  test("a stable pool prices at the curve's marginal price: 1:1 when balanced, and (3x²y + y³)/(x³ + 3xy²) off balance", () => {
    const balanced = computeTokenPrices({ version: '8453:2', chainId: 8453, blockNumber: 1n, pools: [pool(true, 1_000n, 1_000n)] }, bookOf())
    expect(balanced.get(weth)?.price).toBeCloseTo(1, 9)
    const [x, y] = [500, 1_000] // WETH 500, USDC 1,000 (whole tokens)
    const off = computeTokenPrices({ version: '8453:3', chainId: 8453, blockNumber: 1n, pools: [pool(true, 1_000n, 500n)] }, bookOf())
    expect(off.get(weth)?.price).toBeCloseTo((3 * x * x * y + y ** 3) / (x ** 3 + 3 * x * y * y), 9)
  })
})
