import { describe, expect, it } from 'vitest'
import { poolTvlUsd, priceTokens, type PoolValue } from './priceTokens.js'

/** A constant-product pool holding `a` of `x` and `b` of `y` (whole tokens). */
const cp = (x: string, y: string, a: number, b: number): PoolValue => ({ tokens: [x, y], amounts: [a, b], relative: [b, a] })
const usdc = 'usdc'

describe('priceTokens', () => {
  it('carries prices from the anchors pool by pool, from the deepest source', () => {
    const prices = priceTokens({
      anchors: new Map([[usdc, 1]]),
      minSourceUsd: 0,
      pools: [
        cp('weth', usdc, 1_000, 3_000_000), // WETH = 3,000 (deep)
        cp('weth', usdc, 1, 2_000), // WETH = 2,000 (shallow: loses)
        cp('wbtc', 'weth', 10, 200), // WBTC = 20 WETH, priced in round two
        cp('link', 'wbtc', 1_000, 1), // LINK, round three
      ],
    })
    expect(prices.get('weth')).toBe(3_000)
    expect(prices.get('wbtc')).toBe(60_000)
    expect(prices.get('link')).toBe(60)
  })

  it('prices nothing from a pool holding less than minSourceUsd of the priced token', () => {
    const prices = priceTokens({ anchors: new Map([[usdc, 1]]), minSourceUsd: 5_000, pools: [cp('scam', usdc, 1, 4_999), cp('real', usdc, 10, 10_000)] })
    expect(prices.has('scam')).toBe(false)
    expect(prices.get('real')).toBe(1_000)
  })

  it('uses weighted and one-way (vault) pools as given: a share priced from its asset, never the reverse', () => {
    const weighted: PoolValue = { tokens: ['aave', 'weth'], amounts: [8_000, 10], relative: [0.8 / 8_000, 0.2 / 10] }
    const vault: PoolValue = { tokens: ['dai', 'sdai'], amounts: [1_000_000, 0], relative: [1, 1.1], sources: [0] }
    const prices = priceTokens({ anchors: new Map([['weth', 3_000], ['sdai', 1]]), minSourceUsd: 0, pools: [weighted, vault] })
    // 80/20: 8,000 AAVE are worth 4 × 10 WETH.
    expect(prices.get('aave')).toBeCloseTo(15, 10)
    expect(prices.has('dai')).toBe(false)
  })
})

describe('poolTvlUsd', () => {
  it('values every side, a side without a price from the pool’s spot', () => {
    const prices = new Map([[usdc, 1]])
    expect(poolTvlUsd(cp('weth', usdc, 10, 30_000), prices)).toBe(60_000)
    expect(poolTvlUsd(cp('weth', 'dai', 10, 30_000), prices)).toBeUndefined()
    // A vault's share side holds nothing: its assets are its value.
    expect(poolTvlUsd({ tokens: [usdc, 'sv'], amounts: [5_000, 0], relative: [1, 1.04], sources: [0] }, prices)).toBe(5_000)
    // An empty side (relative unknown) is valued only at its own price.
    expect(poolTvlUsd({ tokens: ['x', usdc], amounts: [0, 7], relative: [0, 0] }, prices)).toBe(7)
  })
})
