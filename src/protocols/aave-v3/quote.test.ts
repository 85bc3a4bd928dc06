import { describe, expect, test } from 'vitest'
import { aaveV3Adapter } from './index.js'
import { normalizedIncome, quoteSupply, quoteWithdraw, rayDiv, rayMul, supplyRoom } from './quote.js'
import type { AaveV3ReserveSnapshot } from './types.js'

const RAY = 10n ** 27n
const YEAR = 31_536_000n

function reserve(over: Partial<AaveV3ReserveSnapshot> = {}): AaveV3ReserveSnapshot {
  return {
    protocol: 'aave-v3', address: '0x00000000000000000000000000000000000000a1', blockNumber: 1n,
    tokens: ['0x00000000000000000000000000000000000000a0', '0x00000000000000000000000000000000000000a1'],
    pool: '0x00000000000000000000000000000000000000b0', asset: '0x00000000000000000000000000000000000000a0', aToken: '0x00000000000000000000000000000000000000a1',
    timestamp: 1_000n + YEAR / 2n, liquidityIndex: (RAY * 105n) / 100n, currentLiquidityRate: (RAY * 4n) / 100n, lastUpdateTimestamp: 1_000n,
    scaledTotalSupply: 1_000_000n * 10n ** 6n, accruedToTreasury: 0n, availableLiquidity: 600_000n * 10n ** 6n,
    supplyCap: 0n, decimals: 6, active: true, frozen: false, paused: false, ...over,
  }
}

describe('Aave V3 quote math (WadRayMath half-up rounding, linear income)', () => {
  test('normalized income: linear interest since the last update times the stored index', () => {
    // Half a year at 4%: 1.02 × 1.05 = 1.071.
    expect(normalizedIncome(reserve())).toBe((RAY * 1071n) / 1000n)
    expect(normalizedIncome(reserve({ timestamp: 1_000n }))).toBe((RAY * 105n) / 100n)
    expect(rayMul(3n, RAY / 2n)).toBe(2n)
    expect(rayDiv(1n, 2n * RAY)).toBe(1n)
  })

  test('supply mints amount.rayDiv(index) and the balance is scaled.rayMul(index): within 1 wei of the input', () => {
    expect(quoteSupply(reserve(), 1000n)).toBe(1000n)
    // At index 1.6 one unit mints one scaled unit, worth 1.6 → 2.
    expect(quoteSupply(reserve({ liquidityIndex: (RAY * 16n) / 10n, timestamp: 1_000n }), 1n)).toBe(2n)
    for (const a of [1n, 7n, 999n, 123_456_789n, 10n ** 15n]) {
      const out = quoteSupply(reserve(), a)
      expect(out - a >= -1n && out - a <= 1n).toBe(true)
    }
  })

  test('withdraw pays the amount, up to the liquidity; inactive, paused, frozen and capped reserves', () => {
    const r = reserve()
    expect(quoteWithdraw(r, 5n * 10n ** 6n)).toBe(5n * 10n ** 6n)
    expect(quoteWithdraw(r, r.availableLiquidity)).toBe(r.availableLiquidity)
    expect(quoteWithdraw(r, r.availableLiquidity + 1n)).toBe(0n)
    expect(quoteSupply(reserve({ paused: true }), 10n)).toBe(0n)
    expect(quoteSupply(reserve({ frozen: true }), 10n)).toBe(0n)
    expect(quoteWithdraw(reserve({ frozen: true }), 10n)).toBe(10n)
    expect(quoteWithdraw(reserve({ active: false }), 10n)).toBe(0n)
    // Cap 1.1M whole tokens; 1M scaled × 1.071 = 1.071M supplied: 29k left.
    const capped = reserve({ supplyCap: 1_100_000n })
    expect(quoteSupply(capped, 29_000n * 10n ** 6n)).toBe(29_000n * 10n ** 6n)
    expect(quoteSupply(capped, 29_001n * 10n ** 6n)).toBe(0n)
    expect(quoteSupply(r, 0n)).toBe(0n)
  })

  test('swap moves supply and liquidity at the block index; the float model is an upper estimate', () => {
    const r = reserve()
    const [supply, withdraw] = aaveV3Adapter.getEdges(r)
    const { amountOut, snapshot } = aaveV3Adapter.swap(r, { edge: supply!, amountIn: 1_071n * 10n ** 6n })
    expect(amountOut).toBe(1_071n * 10n ** 6n)
    expect(snapshot.scaledTotalSupply - r.scaledTotalSupply).toBe(1_000n * 10n ** 6n)
    expect(snapshot.availableLiquidity - r.availableLiquidity).toBe(1_071n * 10n ** 6n)
    expect(normalizedIncome(snapshot)).toBe(normalizedIncome(r))
    for (const edge of [supply!, withdraw!]) {
      const model = aaveV3Adapter.getFloatModel(r, edge)
      if (model.kind !== 'custom') throw new Error('custom model expected')
      for (const a of [1n, 3n, 10n ** 6n, 599_999n * 10n ** 6n]) {
        expect(Number(aaveV3Adapter.quote(r, { edge, amountIn: a }))).toBeLessThanOrEqual(model.quote(Number(a)) * (1 + 1e-9))
      }
      expect(model.quote(2e15)).toBeGreaterThanOrEqual(model.quote(1e15))
    }
  })

  test('a snapshot at or before the last update uses the stored index (no negative interest)', () => {
    const stored = (RAY * 105n) / 100n
    expect(normalizedIncome(reserve({ timestamp: 999n }))).toBe(stored)
    expect(normalizedIncome(reserve({ timestamp: 0n, currentLiquidityRate: RAY }))).toBe(stored)
  })

  test('supply cap counts the treasury accrual (ValidationLogic: (scaled + accruedToTreasury).rayMul(index) + amount <= cap)', () => {
    // 1M scaled + 10k treasury at 1.071: 1_081_710 supplied, cap 1.1M → 18_290 whole tokens of room.
    const r = reserve({ supplyCap: 1_100_000n, accruedToTreasury: 10_000n * 10n ** 6n })
    expect(supplyRoom(r)).toBe(18_290n * 10n ** 6n)
    expect(quoteSupply(r, 18_290n * 10n ** 6n)).toBe(18_290n * 10n ** 6n)
    expect(quoteSupply(r, 18_290n * 10n ** 6n + 1n)).toBe(0n)
    // Over the cap (the index grew past it): no room, never a negative one.
    expect(supplyRoom(reserve({ supplyCap: 1_000_000n }))).toBe(0n)
    expect(supplyRoom(reserve({ supplyCap: 1_071_000n }))).toBe(0n)
    expect(supplyRoom(reserve())).toBeUndefined()
  })

  test('inactive reserves, negative amounts and amounts that scale to zero quote 0 (INVALID_MINT/BURN_AMOUNT)', () => {
    expect(quoteSupply(reserve({ active: false }), 10n)).toBe(0n)
    expect(quoteSupply(reserve(), -10n)).toBe(0n)
    expect(quoteWithdraw(reserve(), -10n)).toBe(0n)
    expect(quoteWithdraw(reserve(), 0n)).toBe(0n)
    expect(quoteWithdraw(reserve({ paused: true }), 10n)).toBe(0n)
    // Index 3: 1 wei is 1/3 scaled unit, which rayDiv rounds half up to 0; 2 wei round to 1.
    const three = reserve({ liquidityIndex: 3n * RAY, timestamp: 1_000n })
    expect(quoteWithdraw(three, 1n)).toBe(0n)
    expect(quoteWithdraw(three, 2n)).toBe(2n)
    expect(quoteSupply(three, 1n)).toBe(0n)
    expect(quoteSupply(three, 2n)).toBe(3n)
  })
})
