import { describe, expect, it } from 'vitest'
import { decodeSharedValue, encodeSharedValue } from './encodeSharedValue.js'

describe('encodeSharedValue', () => {
  it('writes the format every replica reads: the value under "v", tagged with "__sy" where JSON cannot carry it', () => {
    // Replicas of two releases share one Redis during a rollout, so the stored text is a contract.
    expect(encodeSharedValue({ a: 1n, m: new Map([['k', undefined]]), s: new Set(['x']), b: new Uint8Array([1, 255]), n: null })).toBe(
      '{"v":{"a":{"__sy":"bigint","v":"1"},"m":{"__sy":"map","v":[["k",{"__sy":"undefined"}]]},"s":{"__sy":"set","v":["x"]},"b":{"__sy":"bytes","v":"Af8="},"n":null}}',
    )
    expect(decodeSharedValue('{"v":[{"__sy":"bigint","v":"-5"},{"__sy":"undefined"},{"__sy":"bytes","v":"Af8="}]}')).toEqual([-5n, undefined, new Uint8Array([1, 255])])
  })

  it('restores undefined inside arrays, Map values and nested objects', () => {
    const value = [undefined, [undefined, 1], new Map([[1, { u: undefined }]]), { deep: { u: undefined, list: [undefined] } }]
    const back = decodeSharedValue(encodeSharedValue(value)) as typeof value
    expect(back).toEqual(value)
    expect(back).toHaveLength(4)
    expect(0 in back).toBe(true)
    expect('u' in (back[3] as { deep: object }).deep).toBe(true)
  })
})
