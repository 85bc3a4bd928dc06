import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { mulDivUp, toAssetsDown, toAssetsUp, toSharesDown, toSharesUp, VIRTUAL_ASSETS, VIRTUAL_SHARES } from './sharesMath.js'

describe('SharesMathLib', () => {
  test('an empty market mints 1e6 shares per asset (virtual shares 1e6, virtual assets 1)', () => {
    expect(VIRTUAL_SHARES).toBe(1_000_000n)
    expect(VIRTUAL_ASSETS).toBe(1n)
    expect(toSharesDown(1_000_000n, 0n, 0n)).toBe(1_000_000_000_000n)
    expect(toSharesUp(1_000_000n, 0n, 0n)).toBe(1_000_000_000_000n)
    expect(toAssetsDown(1_000_000_000_000n, 0n, 0n)).toBe(1_000_000n)
  })

  test('rounding: down floors, up ceils, by exactly one unit when inexact', () => {
    // 100 assets, 100e6 + 7 shares → a share price that is not a whole ratio.
    const [assets, shares] = [100n, 100_000_007n]
    // 10 × (100_000_007 + 1e6) / 101 = 10_000_000.79… → 10_000_000 / 10_000_001
    expect(toSharesDown(10n, assets, shares)).toBe(10_000_000n)
    expect(toSharesUp(10n, assets, shares)).toBe(10_000_001n)
    // 1e6 × 101 / 101_000_007 = 0.99999993… → 0 / 1
    expect(toAssetsDown(1_000_000n, assets, shares)).toBe(0n)
    expect(toAssetsUp(1_000_000n, assets, shares)).toBe(1n)
    expect(mulDivUp(10n, 10n, 100n)).toBe(1n)
    expect(mulDivUp(0n, 10n, 100n)).toBe(0n)
  })

  test('round trips never favour the user: assets → shares → assets loses, never gains', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 30n })
    fc.assert(
      fc.property(amount, amount, fc.bigInt({ min: 0n, max: 10n ** 36n }), (x, totalAssets, totalShares) => {
        expect(toAssetsDown(toSharesDown(x, totalAssets, totalShares), totalAssets, totalShares)).toBeLessThanOrEqual(x)
        expect(toAssetsUp(toSharesUp(x, totalAssets, totalShares), totalAssets, totalShares)).toBeGreaterThanOrEqual(x)
        const down = toSharesDown(x, totalAssets, totalShares)
        const up = toSharesUp(x, totalAssets, totalShares)
        expect(up - down === 0n || up - down === 1n).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})
