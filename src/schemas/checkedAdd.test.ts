import { describe, expect, test } from 'vitest'
import { checkedAdd } from './checkedAdd.js'
import { MAX_UINT256 } from './fields.js'

describe('checkedAdd', () => {
  test('sums up to 2^256-1; undefined past it', () => {
    expect(checkedAdd(1n, 2n)).toBe(3n)
    expect(checkedAdd(MAX_UINT256 - 1n, 1n)).toBe(MAX_UINT256)
    expect(checkedAdd(MAX_UINT256, 0n)).toBe(MAX_UINT256)
    expect(checkedAdd(MAX_UINT256, 1n)).toBeUndefined()
    expect(checkedAdd(MAX_UINT256, 10n ** 18n)).toBeUndefined()
  })
})
