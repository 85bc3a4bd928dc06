import { expect, test } from 'vitest'
import { sizeCallbackGasLimit } from './sizeCallbackGasLimit.js'

test('a quarter over the simulated delivery, rounded up to 10,000, within [1,500,000, 10,000,000]', () => {
  expect(sizeCallbackGasLimit(0n)).toBe(1_500_000n)
  expect(sizeCallbackGasLimit(1_200_000n)).toBe(1_500_000n)
  expect(sizeCallbackGasLimit(1_200_001n)).toBe(1_510_000n)
  expect(sizeCallbackGasLimit(1_600_000n)).toBe(2_000_000n)
  expect(sizeCallbackGasLimit(1_612_345n)).toBe(2_020_000n)
  expect(sizeCallbackGasLimit(8_000_000n)).toBe(10_000_000n)
  expect(sizeCallbackGasLimit(9_000_000n)).toBe(10_000_000n)
})
