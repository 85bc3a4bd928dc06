import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toHopArgs } from './toHopArgs.js'

const isHopValue = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))

describe('toHopArgs', () => {
  it('numbers, bigints and booleans become their text; strings and string lists stay; null and undefined are left out', () => {
    expect(toHopArgs({ amountIn: 10n, fee: 3000, feeBps: 30, tickSpacing: 60, zeroForOne: true, other: false, poolId: '0xab', path: ['a', 'b'], n: null, u: undefined }))
      .toEqual({ amountIn: '10', fee: '3000', feeBps: '30', tickSpacing: '60', zeroForOne: 'true', other: 'false', poolId: '0xab', path: ['a', 'b'] })
    expect(toHopArgs({ list: [1, 2n, true, 'x', null] })).toEqual({ list: ['1', '2', 'true', 'x'] })
    expect(toHopArgs({ nested: { a: 1n, b: [true] } })).toEqual({ nested: '{"a":"1","b":[true]}' })
  })

  it('every value of any args object is a string or a list of strings (the OpenAPI Hop.args)', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.bigInt(), fc.boolean(), fc.constant(null), fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.bigInt())), fc.dictionary(fc.string(), fc.integer()))
    fc.assert(fc.property(fc.dictionary(fc.string(), value), (args) => {
      expect(Object.values(toHopArgs(args)).every(isHopValue)).toBe(true)
    }))
  })
})
