import { describe, expect, test } from 'vitest'
import { Planner } from './planner.js'
import { ReturnValue, StateValue, isPlannerValue, stateValue } from './value.js'

describe('planner values', () => {
  test('handles and the state are tagged and recognised; literals and look-alikes are not', () => {
    const handle = new ReturnValue({ type: 'uint256' }, {})
    expect(handle.kind).toBe('returnValue')
    expect(stateValue.kind).toBe('state')
    expect(stateValue).toBeInstanceOf(StateValue)
    expect(new Planner().state).toBe(stateValue)
    expect(isPlannerValue(handle)).toBe(true)
    expect(isPlannerValue(stateValue)).toBe(true)
    for (const literal of [1n, '0x', null, undefined, [handle], { kind: 'returnValue' }, { kind: 'state' }]) {
      expect(isPlannerValue(literal)).toBe(false)
    }
  })
})
