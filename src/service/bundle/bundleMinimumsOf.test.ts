import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { bundleMinimumsOf } from './bundleMinimumsOf.js'

const d = (token: string, receiver: string) => ({ token: token as Address, receiver: receiver as Address, estimate: undefined })

describe('bundleMinimumsOf', () => {
  test('one minimum per checked delivery, from that delivery\'s own delta (not its position among the checked), less slippage, rounded down', () => {
    const a = d('0xa', '0xr')
    const b = d('0xb', '0xother')
    const c = d('0xc', '0xr')
    expect(bundleMinimumsOf({ checked: [a, c], deliveries: [a, b, c], deltas: [1_000n, 5n, 1_999n], slippageBps: 50n })).toEqual([995n, 1_989n])
  })

  test('a delta of zero or below (the receiver also pays that token out) has no minimum', () => {
    const a = d('0xa', '0xr')
    const c = d('0xc', '0xr')
    expect(bundleMinimumsOf({ checked: [a, c], deliveries: [a, c], deltas: [0n, -7n], slippageBps: 50n })).toEqual([0n, 0n])
    expect(bundleMinimumsOf({ checked: [a], deliveries: [a], deltas: [1n], slippageBps: 0n })).toEqual([1n])
  })

  test('no checked delivery: no minimum', () => {
    expect(bundleMinimumsOf({ checked: [], deliveries: [d('0xa', '0xo')], deltas: [10n], slippageBps: 50n })).toEqual([])
  })
})
