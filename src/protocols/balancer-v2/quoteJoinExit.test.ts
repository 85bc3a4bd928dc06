import { describe, expect, test } from 'vitest'
import { BalancerMathRevert } from './logExpMath.js'
import { quoteExitExactBptIn, quoteJoinExactTokensIn, type JoinExitPool } from './quoteJoinExit.js'

const E = 10n ** 18n

/*
 * Expected values are the WeightedMath / BasePoolMath results of Balancer V2's Solidity on the
 * 18-decimal (upscaled) amounts — the golden vectors of weightedJoinExitMath.test.ts (solc 0.8.19 on
 * anvil) — so these tests check only what the pool adds: upscaling raw balances and amounts by each
 * token's decimals, and downscaling outputs rounding down.
 */
describe('Balancer V2 join/exit quotes (pool scaling around WeightedMath)', () => {
  // Vault order [18 dec, 18 dec, 6 dec]: upscaled balances 1000, 2000, 500.
  const pool: JoinExitPool = {
    balances: [1000n * E, 2000n * E, 500n * 10n ** 6n],
    weights: [E / 2n, (3n * E) / 10n, (2n * E) / 10n],
    decimals: [18, 18, 6],
    swapFee: 10n ** 16n,
    totalSupply: 3000n * E,
  }

  test('EXACT_TOKENS_IN join: raw amounts are upscaled per token before _calcBptOutGivenExactTokensIn', () => {
    // Upscaled [1, 50, 7] into [1000, 2000, 500] (weights .5/.3/.2, supply 2222, fee 1%).
    expect(quoteJoinExactTokensIn({ ...pool, totalSupply: 2222n * E }, [1n * E, 50n * E, 7n * 10n ** 6n])).toBe(23_768_840_745_370_679_816n)
    // Upscaled [100, 0, 0] into the same pool.
    expect(quoteJoinExactTokensIn({ ...pool, totalSupply: 2222n * E }, [100n * E, 0n, 0n])).toBe(107_923_551_964_672_132_128n)
    // Two tokens, the second with 6 decimals: upscaled [10, 20] into [1000, 2000], supply 3000, fee 0.3%.
    const twoToken: JoinExitPool = { balances: [1000n * E, 2000n * 10n ** 6n], weights: [E / 2n, E / 2n], decimals: [18, 6], swapFee: 3n * 10n ** 15n, totalSupply: 3000n * E }
    expect(quoteJoinExactTokensIn(twoToken, [10n * E, 20n * 10n ** 6n])).toBe(29_999_999_999_939_385_000n)
  })

  test('EXACT_BPT_IN_FOR_ONE_TOKEN_OUT: only the chosen token is paid, downscaled rounding down', () => {
    // Token 2 (6 decimals), 3 BPT in: 2.475044957515559312 upscaled → 2.475044 raw.
    expect(quoteExitExactBptIn(pool, { bptIn: 3n * E, tokenIndex: 2 })).toEqual([0n, 0n, 2_475_044n])
    expect(quoteExitExactBptIn(pool, { bptIn: 300n * E, tokenIndex: 2 })).toEqual([0n, 0n, 203_116_959n])
    // Token 0 (18 decimals): paid as is.
    expect(quoteExitExactBptIn(pool, { bptIn: 3n * E, tokenIndex: 0 })).toEqual([1_989_005_000_000_000_000n, 0n, 0n])
    expect(quoteExitExactBptIn(pool, { bptIn: 900n * E, tokenIndex: 0 })).toEqual([507_450n * 10n ** 15n, 0n, 0n])
    expect(() => quoteExitExactBptIn(pool, { bptIn: 3000n * E, tokenIndex: 0 })).toThrow(BalancerMathRevert)
  })

  test('EXACT_BPT_IN_FOR_TOKENS_OUT: proportional, each output downscaled rounding down', () => {
    // Upscaled [1000, 2000, 3 wei] with 1% of the supply: [10, 20, 0]; the 6-decimal token pays 20e6.
    const p: JoinExitPool = { ...pool, balances: [1000n * E, 2000n * 10n ** 6n, 3n], decimals: [18, 6, 18] }
    expect(quoteExitExactBptIn(p, { bptIn: 30n * E })).toEqual([10n * E, 20n * 10n ** 6n, 0n])
    // A third of the supply: ratio 0.333…333 (rounded down first), then each upscaled balance × ratio, floored.
    const q: JoinExitPool = { ...pool, balances: [3n * E, 2n * 10n ** 6n + 1n, 10n], decimals: [18, 6, 18], totalSupply: 3n * E }
    const [a, b, c] = quoteExitExactBptIn(q, { bptIn: E })
    expect(a).toBe(E - 1n) // 3e18 × 0.333…333 (ratio rounded down first)
    expect(b).toBe(666_666n) // 2_000_001e12 × 0.333…333 = 666_666_999_999_999_999 upscaled → 666_666 raw
    expect(c).toBe(3n)
  })

  test('18-decimal tokens are not rescaled: balances of 1e33 wei join and exit without overflow', () => {
    const big: JoinExitPool = { balances: [10n ** 33n, 10n ** 33n], weights: [E / 2n, E / 2n], decimals: [18, 18], swapFee: 10n ** 16n, totalSupply: 10n ** 33n }
    expect(quoteJoinExactTokensIn(big, [10n ** 31n, 0n])).toBe(4_962_685_874_435_636_000_000_000_000_000n)
    expect(quoteExitExactBptIn(big, { bptIn: 10n ** 31n, tokenIndex: 0 })).toEqual([19_800_500_000_000_000_000_000_000_000_000n, 0n])
  })
})
