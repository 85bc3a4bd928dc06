import { expect, test } from 'vitest'
import { MEMO_ENTRIES_PER_STATE, memoizeByState } from './memoizeByState.js'

test('computes once per state and key, keeps states apart, and starts over past its size', () => {
  const memo = memoizeByState<object, number>()
  const a = {}
  const b = {}
  let runs = 0
  const compute = (v: number) => () => (runs++, v)
  expect(memo(a, 'k', compute(1))).toBe(1)
  expect(memo(a, 'k', compute(2))).toBe(1)
  expect(memo(b, 'k', compute(3))).toBe(3)
  expect(runs).toBe(2)
  for (let k = 0; k < MEMO_ENTRIES_PER_STATE; k++) memo(a, `x${k}`, compute(k))
  expect(memo(a, 'k', compute(4))).toBe(4)
})
