import { describe, expect, test } from 'vitest'
import type { TokenEntry } from '../../addressBook.js'
import { sqrtBigInt } from '../poolMath.js'
import { poolAmounts } from './worldCalls.js'

const token = (decimals: number, priceUsd: number): TokenEntry => ({ address: '0x0000000000000000000000000000000000000001', symbol: 'T', name: 'T', decimals, priceUsd, kind: 'erc20' })

describe('poolAmounts', () => {
  test('a dust V2 pair of few raw units is scaled up at the same price, past the 1,000 units its first mint burns', () => {
    const wbtc = token(8, 60_000)
    const usdc = token(6, 1)
    const dust = { protocol: 'uniswap-v2' as const, tokens: ['A', 'B'] as [string, string], liquidityUsd: 1, priceSkewBps: 0 }
    const [a, b] = poolAmounts(dust, [wbtc, usdc]) as [bigint, bigint]
    expect(sqrtBigInt(a * b)).toBeGreaterThanOrEqual(10_000n)
    // Same price as the unscaled amounts: 0.5 USD of each side.
    expect(Number(b) / 1e6 / (Number(a) / 1e8)).toBeCloseTo(60_000, -3)
    // A pair that holds enough is left as the scenario says.
    const deep = { ...dust, liquidityUsd: 1_000_000 }
    expect(poolAmounts(deep, [wbtc, usdc])).toEqual([833_333_333n, 500_000_000_000n])
  })
})
