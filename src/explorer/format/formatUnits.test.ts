import { describe, expect, test } from 'vitest'
import { formatUnits } from './formatUnits.js'
import { InvalidAmountError, parseUnits } from './parseUnits.js'

describe('formatUnits', () => {
  test('groups thousands and cuts (never rounds) the fraction', () => {
    expect(formatUnits({ amount: '3002269520', decimals: 6 })).toBe('3,002.26952')
    expect(formatUnits({ amount: '299859458901', decimals: 6, maxFractionDigits: 2 })).toBe('299,859.45')
    expect(formatUnits({ amount: 1999999999999999999n, decimals: 18, maxFractionDigits: 3 })).toBe('1.999')
    expect(formatUnits({ amount: '1000000000000000000000', decimals: 18 })).toBe('1,000')
  })
  test('amounts below one unit, zero decimals and non-integers', () => {
    expect(formatUnits({ amount: '5', decimals: 6 })).toBe('0.000005')
    expect(formatUnits({ amount: '5', decimals: 18 })).toBe('0')
    expect(formatUnits({ amount: '1234', decimals: 0 })).toBe('1,234')
    expect(formatUnits({ amount: 'n/a', decimals: 6 })).toBe('n/a')
  })
})

describe('parseUnits', () => {
  test('reads what a person types as base units', () => {
    expect(parseUnits({ text: '1.5', decimals: 18 })).toBe('1500000000000000000')
    expect(parseUnits({ text: ' 1,000 ', decimals: 6 })).toBe('1000000000')
    expect(parseUnits({ text: '.000001', decimals: 6 })).toBe('1')
    expect(parseUnits({ text: '100', decimals: 0 })).toBe('100')
  })
  test('refuses what is not an amount of the token', () => {
    for (const text of ['', '.', 'abc', '1.2.3', '-1', '1e18', '0', '0.000']) expect(() => parseUnits({ text, decimals: 18 }), text).toThrow(InvalidAmountError)
    expect(() => parseUnits({ text: '0.0000001', decimals: 6 })).toThrow('has 7 decimals; the token has 6')
  })
})
