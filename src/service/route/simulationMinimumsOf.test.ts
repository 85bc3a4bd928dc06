import { describe, expect, test } from 'vitest'
import { simulationMinimumsOf } from './simulationMinimumsOf.js'

describe('simulationMinimumsOf', () => {
  test('the plan\'s own minimums first (delegate), over the caller\'s', () => {
    expect(simulationMinimumsOf({ planMinimums: [5n, 6n], callerMinimums: [1n, 2n], outputs: 2 })).toEqual([5n, 6n])
  })

  test('else the caller\'s minAmountOut', () => {
    expect(simulationMinimumsOf({ planMinimums: undefined, callerMinimums: [3n, 0n], outputs: 2 })).toEqual([3n, 0n])
  })

  test('else a placeholder of 1 per output (the simulated output sets the final minimum)', () => {
    expect(simulationMinimumsOf({ planMinimums: undefined, callerMinimums: undefined, outputs: 3 })).toEqual([1n, 1n, 1n])
    expect(simulationMinimumsOf({ planMinimums: undefined, callerMinimums: undefined, outputs: 1 })).toEqual([1n])
  })
})
