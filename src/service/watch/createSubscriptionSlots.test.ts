import { describe, expect, it } from 'vitest'
import { createSubscriptionSlots } from './createSubscriptionSlots.js'

describe('createSubscriptionSlots', () => {
  it('bounds each key and the whole; a release (once, however often called) frees the slot', () => {
    const reserve = createSubscriptionSlots({ maxPerKey: 2, maxTotal: 3 })
    const a1 = reserve('a')
    reserve('a')
    expect(() => reserve('a')).toThrow(/API key already holds 2 route subscriptions/)
    const b1 = reserve('b')
    expect(() => reserve('c')).toThrow(/server holds its most route subscriptions \(3\)/)
    a1()
    a1()
    reserve('a')
    expect(() => reserve('c')).toThrow(/server holds its most/)
    b1()
    reserve('c')
  })
})
