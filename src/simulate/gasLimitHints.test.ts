import { describe, expect, test } from 'vitest'
import { createGasLimitHints, FAMILY_WINDOW, isTightLimit } from './gasLimitHints.js'

describe('gas limit hints', () => {
  test('no guess for an unseen shape; a seen shape guesses 1.27× its last gas + 1k, per shape', () => {
    const hints = createGasLimitHints()
    expect(hints.guess('a')).toBeUndefined()
    hints.learn('a', 200_000n)
    hints.learn('b', 100_000n)
    expect(hints.guess('a')).toBe(255_000n)
    expect(hints.guess('b')).toBe(128_000n)
    hints.learn('a', 300_000n)
    expect(hints.guess('a')).toBe(382_000n)
  })

  test('a family guesses from the estimate at its highest gas per unit of estimate among its last 8 routes', () => {
    const hints = createGasLimitHints()
    expect(hints.guessFamily('f', 100_000n)).toBeUndefined()
    hints.learnFamily('f', 100_000n, 150_000n) // 1.5 gas per unit
    hints.learnFamily('f', 100_000n, 120_000n) // 1.2
    hints.learnFamily('g', 100_000n, 300_000n)
    // 200k estimated × 1.5 = 300k predicted, × 1.27 + 1k
    expect(hints.guessFamily('f', 200_000n)).toBe(382_000n)
    expect(hints.guessFamily('g', 100_000n)).toBe(382_000n)
    expect(hints.guessFamily('f', 0n)).toBeUndefined()
    // The 1.5 falls out of the window after 8 more routes; a ratio rounds up.
    for (let i = 0; i < FAMILY_WINDOW; i++) hints.learnFamily('f', 3n, 4n)
    expect(hints.guessFamily('f', 3_000_000n)).toBe((((3_000_000n * 1_333_334n) / 1_000_000n) * 127n) / 100n + 1_000n)
  })

  test('a limit is tight when it is at most 1.3× the gas used', () => {
    expect(isTightLimit(130_000n, 100_000n)).toBe(true)
    expect(isTightLimit(130_001n, 100_000n)).toBe(false)
    expect(isTightLimit(90_000n, 100_000n)).toBe(true)
  })
})
