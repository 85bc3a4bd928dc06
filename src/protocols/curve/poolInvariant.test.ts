import { expect, test } from 'vitest'
import { poolInvariant } from './poolInvariant.js'
import { getD, xpOf } from './stableSwapMath.js'

const balances = [3n * 10n ** 24n, 1n * 10n ** 12n, 7n * 10n ** 11n]
const rates = [10n ** 18n, 10n ** 30n, 10n ** 30n]
const ramp = (A: bigint) => ({ initialA: A, futureA: A, initialATime: 0n, futureATime: 0n })

test('the invariant of a state is get_D of its balances, and stays right when only A, the rates or the generation differ on the same balances', () => {
  const state = { balances, rates, ramp: ramp(200n), timestamp: 1n }
  expect(poolInvariant(state)).toBe(getD(xpOf(balances, rates), 200n))
  expect(poolInvariant(state)).toBe(getD(xpOf(balances, rates), 200n))
  expect(poolInvariant({ ...state, ramp: ramp(5n) })).toBe(getD(xpOf(balances, rates), 5n))
  // A ramping: the same state at a later block has another A.
  const ramping = { ...state, ramp: { initialA: 100n, futureA: 300n, initialATime: 0n, futureATime: 100n } }
  expect(poolInvariant({ ...ramping, timestamp: 50n })).toBe(getD(xpOf(balances, rates), 200n))
  expect(poolInvariant({ ...ramping, timestamp: 100n })).toBe(getD(xpOf(balances, rates), 300n))
  const otherRates = [10n ** 18n, 2n * 10n ** 30n, 10n ** 30n]
  expect(poolInvariant({ ...state, rates: otherRates })).toBe(getD(xpOf(balances, otherRates), 200n))
  expect(poolInvariant({ ...state, variant: 'steth' as const })).toBe(getD(xpOf(balances, rates), 200n, 'steth'))
  expect(poolInvariant({ ...state, balances: [...balances.slice(0, 2), 1n] })).toBe(getD(xpOf([...balances.slice(0, 2), 1n], rates), 200n))
})
