import { describe, expect, test } from 'vitest'
import { missingEstimateAt } from './missingEstimateAt.js'

const missing = (field: string | undefined) => Object.assign(new Error('missing'), { code: 'MISSING_ESTIMATE', field })

describe('missingEstimateAt', () => {
  test('MISSING_ESTIMATE at action j > 0 with unknown outputs before it: simulate the first j actions', () => {
    expect(missingEstimateAt(missing('actions[2].args.amountIn'), {})).toBe(2)
    expect(missingEstimateAt(missing('actions[12]'), { 0: ['1'] })).toBe(12)
    expect(missingEstimateAt(missing('actions[3].args.x'), { 0: ['1'], 2: ['2'] })).toBe(3)
  })

  test('every action before j already known (its prefix was simulated once): final', () => {
    expect(missingEstimateAt(missing('actions[2].args.amountIn'), { 0: ['1'], 1: [] })).toBeUndefined()
  })

  test('at action 0, or without an action field, there is nothing to simulate first: final', () => {
    expect(missingEstimateAt(missing('actions[0].args.amountIn'), {})).toBeUndefined()
    expect(missingEstimateAt(missing(undefined), {})).toBeUndefined()
    expect(missingEstimateAt(missing('params.actions[2]'), {})).toBeUndefined()
    expect(missingEstimateAt(missing('amountIn'), {})).toBeUndefined()
  })

  test('any other error is final', () => {
    expect(missingEstimateAt(Object.assign(new Error('x'), { code: 'NO_ROUTE', field: 'actions[2]' }), {})).toBeUndefined()
    expect(missingEstimateAt(new Error('plain'), {})).toBeUndefined()
  })
})
