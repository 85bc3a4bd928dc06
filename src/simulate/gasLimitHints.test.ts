import { describe, expect, test } from 'vitest'
import { createGasLimitHints, isTightLimit } from './gasLimitHints.js'

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

  test('a limit is tight when it is at most 1.3× the gas used', () => {
    expect(isTightLimit(130_000n, 100_000n)).toBe(true)
    expect(isTightLimit(130_001n, 100_000n)).toBe(false)
    expect(isTightLimit(90_000n, 100_000n)).toBe(true)
  })
})
