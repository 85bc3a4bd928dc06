import { describe, expect, test } from 'vitest'
import type { BundleAnswer } from '../types.js'
import { bundleOutputLocationsOf, recordBundleOutputLocations } from './bundleOutputLocations.js'

describe('bundle output locations', () => {
  test('kept for the answer object itself, not for a copy; recording returns the answer', () => {
    const answer = { amountsOut: {} } as unknown as BundleAnswer
    const other = { amountsOut: {} } as unknown as BundleAnswer
    const locations = { outputs: [[{ slot: 3 }], [{ literal: '7' }]] }
    expect(recordBundleOutputLocations(answer, locations)).toBe(answer)
    expect(bundleOutputLocationsOf(answer)).toBe(locations)
    expect(bundleOutputLocationsOf({ ...answer })).toBeUndefined()
    expect(bundleOutputLocationsOf(other)).toBeUndefined()
  })
})
