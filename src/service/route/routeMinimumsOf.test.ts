import { describe, expect, test } from 'vitest'
import { routeMinimumsOf } from './routeMinimumsOf.js'

describe('routeMinimumsOf', () => {
  test('router: the simulated outputs less slippage, rounded down', () => {
    expect(routeMinimumsOf({ delegate: false, simulated: [1n, 1n], callerMinimums: undefined, amountsOut: [1_000n, 1_999n], slippageBps: 50n })).toEqual([995n, 1_989n])
    expect(routeMinimumsOf({ delegate: false, simulated: [1n], callerMinimums: undefined, amountsOut: [10_000n], slippageBps: 0n })).toEqual([10_000n])
  })

  test('router with the caller\'s minAmountOut (slippage not given): exactly the caller\'s', () => {
    expect(routeMinimumsOf({ delegate: false, simulated: [7n, 8n], callerMinimums: [900n, 0n], amountsOut: [1_000n, 5n], slippageBps: 50n })).toEqual([900n, 0n])
  })

  test('delegate: the minimums the plan was simulated with (its checks are inside the plan)', () => {
    expect(routeMinimumsOf({ delegate: true, simulated: [970n], callerMinimums: [900n], amountsOut: [1_000n], slippageBps: 50n })).toEqual([970n])
    expect(routeMinimumsOf({ delegate: true, simulated: [970n], callerMinimums: undefined, amountsOut: [1_000n], slippageBps: 50n })).toEqual([970n])
  })
})
