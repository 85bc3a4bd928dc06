import { describe, expect, test } from 'vitest'
import { accrueInterest, wTaylorCompounded } from './accrueInterest.js'
import { toSharesDown, WAD } from './sharesMath.js'
import type { MorphoMarketState } from './types.js'

const market: MorphoMarketState = {
  totalSupplyAssets: 8_000_000n * 10n ** 6n,
  totalSupplyShares: 8_000_000n * 10n ** 12n,
  totalBorrowAssets: 5_600_000n * 10n ** 6n,
  totalBorrowShares: 5_600_000n * 10n ** 12n,
  lastUpdate: 1_700_000_000n,
  fee: 0n,
}

describe('wTaylorCompounded', () => {
  test('three Taylor terms of e^(x·n) − 1', () => {
    expect(wTaylorCompounded(0n, 1000n)).toBe(0n)
    // x·n = 1 WAD: 1 + 1/2 + 1/6 = 1.666… (e − 1 ≈ 1.718)
    expect(wTaylorCompounded(WAD, 1n)).toBe(WAD + WAD / 2n + WAD / 6n)
    // x·n = 0.1 WAD: 0.1 + 0.005 + 0.000166…
    expect(wTaylorCompounded(WAD / 10n, 1n)).toBe(100_000_000_000_000_000n + 5_000_000_000_000_000n + 166_666_666_666_666n)
  })
})

describe('accrueInterest', () => {
  test('adds the compounded interest to both totals and moves lastUpdate', () => {
    const borrowRate = 2_409_944_190n // ≈ 7.6% a year, per second
    const year = 365n * 24n * 3600n
    const { market: after, interest, feeShares } = accrueInterest(market, { borrowRate, timestamp: market.lastUpdate + year })
    const growth = wTaylorCompounded(borrowRate, year)
    expect(interest).toBe((market.totalBorrowAssets * growth) / WAD)
    expect(Number(interest) / Number(market.totalBorrowAssets)).toBeCloseTo(0.079, 3)
    expect(after).toEqual({
      ...market,
      totalSupplyAssets: market.totalSupplyAssets + interest,
      totalBorrowAssets: market.totalBorrowAssets + interest,
      lastUpdate: market.lastUpdate + year,
    })
    expect(feeShares).toBe(0n)
  })

  test('a fee mints supply shares worth the fee, priced against the supply without it', () => {
    const fee = WAD / 10n
    const { market: after, interest, feeShares } = accrueInterest({ ...market, fee }, { borrowRate: 3_000_000_000n, timestamp: market.lastUpdate + 86_400n })
    const feeAmount = (interest * fee) / WAD
    expect(feeShares).toBe(toSharesDown(feeAmount, market.totalSupplyAssets + interest - feeAmount, market.totalSupplyShares))
    expect(feeShares).toBeGreaterThan(0n)
    expect(after.totalSupplyShares).toBe(market.totalSupplyShares + feeShares)
  })

  test('nothing changes in the same second, or without a rate (no IRM)', () => {
    expect(accrueInterest(market, { borrowRate: 10n ** 10n, timestamp: market.lastUpdate })).toEqual({ market, interest: 0n, feeShares: 0n })
    const later = accrueInterest(market, { borrowRate: 0n, timestamp: market.lastUpdate + 60n })
    expect(later.interest).toBe(0n)
    expect(later.market).toEqual({ ...market, lastUpdate: market.lastUpdate + 60n })
  })

  test('a timestamp before lastUpdate changes nothing either (no negative interest)', () => {
    const fee = WAD / 10n
    expect(accrueInterest({ ...market, fee }, { borrowRate: 10n ** 10n, timestamp: market.lastUpdate - 3600n })).toEqual({
      market: { ...market, fee },
      interest: 0n,
      feeShares: 0n,
    })
  })
})
