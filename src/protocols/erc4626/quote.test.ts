import { describe, expect, test } from 'vitest'
import { previewDeposit, previewRedeem } from './quote.js'

describe('ERC-4626 quote math (OpenZeppelin rounding)', () => {
  const vault = { totalAssets: 1_042_000n, totalSupply: 1_000_000n, decimalsOffset: 0 }

  test('deposit rounds shares down; redeem rounds assets down', () => {
    // 1000 × 1_000_001 / 1_042_001 = 959.69… → 959
    expect(previewDeposit(vault, 1000n)).toBe(959n)
    // 1000 × 1_042_001 / 1_000_001 = 1041.99… → 1041
    expect(previewRedeem(vault, 1000n)).toBe(1041n)
  })

  test('an empty vault mints 1:1 (virtual share and asset); offsets scale shares', () => {
    expect(previewDeposit({ totalAssets: 0n, totalSupply: 0n, decimalsOffset: 0 }, 500n)).toBe(500n)
    expect(previewDeposit({ totalAssets: 0n, totalSupply: 0n, decimalsOffset: 3 }, 500n)).toBe(500_000n)
  })

  test('a round trip never gains; impossible inputs quote 0', () => {
    for (const a of [1n, 7n, 999n, 123_456n]) expect(previewRedeem(vault, previewDeposit(vault, a))).toBeLessThanOrEqual(a)
    expect(previewDeposit(vault, 0n)).toBe(0n)
    expect(previewRedeem(vault, vault.totalSupply + 1n)).toBe(0n)
  })

  test('redeeming the whole supply pays totalAssets + 1 over totalSupply + 10^offset per share', () => {
    const small = { totalAssets: 10n, totalSupply: 10n, decimalsOffset: 0 }
    // 10 × 11 / 11 = 10: the virtual asset counts in the numerator.
    expect(previewRedeem(small, 10n)).toBe(10n)
    expect(previewRedeem(small, 3n)).toBe(3n)
    expect(previewRedeem(vault, vault.totalSupply)).toBe(1_041_999n) // 1e6 × 1_042_001 / 1_000_001
    // Offset 1: 10 virtual shares. 999 × 101 / 1010 = 99.9 → 99.
    expect(previewRedeem({ totalAssets: 100n, totalSupply: 1000n, decimalsOffset: 1 }, 999n)).toBe(99n)
  })

  test('negative amounts quote 0', () => {
    expect(previewDeposit(vault, -5n)).toBe(0n)
    expect(previewRedeem(vault, -5n)).toBe(0n)
    expect(previewRedeem(vault, 0n)).toBe(0n)
  })
})
