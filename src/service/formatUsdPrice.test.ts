import { expect, test } from 'vitest'
import { formatUsdPrice } from './formatUsdPrice.js'

test('plain decimals stay as JavaScript prints them; exponent forms are written out', () => {
  expect(formatUsdPrice(3012.25)).toBe('3012.25')
  expect(formatUsdPrice(1)).toBe('1')
  expect(formatUsdPrice(0.1)).toBe('0.1')
  expect(formatUsdPrice(1e-7)).toBe('0.0000001')
  expect(formatUsdPrice(2.5e-9)).toBe('0.0000000025')
  expect(formatUsdPrice(1.5e21)).toBe('1500000000000000000000')
})
