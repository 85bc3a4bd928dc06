import { describe, expect, test } from 'vitest'
import { quoteStake, quoteUnwrap, quoteWrap } from './quote.js'

describe('liquid-staking quote math (stETH share accounting)', () => {
  const pool = { totalPooledEther: 118n * 10n ** 18n, totalShares: 100n * 10n ** 18n }

  test('staking keeps the rate: the staked ETH comes back as stETH, at most 1 wei short', () => {
    for (const v of [1n, 3n, 10n ** 18n, 123_456_789_012_345_678n]) {
      const st = quoteStake(pool, v)
      expect(v - st >= 0n && v - st <= 1n).toBe(true)
    }
  })

  test('wrap mints shares; unwrap pays back at most 2 wei less than the shares are worth', () => {
    const st = 59n * 10n ** 17n
    const wst = quoteWrap(pool, st)
    expect(wst).toBe((st * pool.totalShares) / pool.totalPooledEther)
    const back = quoteUnwrap(pool, wst)
    expect(st - back >= 0n && st - back <= 2n).toBe(true)
  })

  test('zero and an empty pool', () => {
    expect(quoteStake(pool, 0n)).toBe(0n)
    expect(quoteWrap(pool, 0n)).toBe(0n)
    expect(quoteStake({ totalPooledEther: 0n, totalShares: 0n }, 5n)).toBe(5n)
  })

  test('negative amounts quote 0; an empty pool has no shares to value', () => {
    expect(quoteStake(pool, -5n)).toBe(0n)
    expect(quoteWrap(pool, -5n)).toBe(0n)
    expect(quoteUnwrap(pool, -5n)).toBe(0n)
    expect(quoteUnwrap(pool, 0n)).toBe(0n)
    expect(quoteUnwrap({ totalPooledEther: 0n, totalShares: 0n }, 5n)).toBe(0n)
  })
})
