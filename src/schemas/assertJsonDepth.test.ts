import { describe, expect, it } from 'vitest'
import { assertJsonDepth } from './assertJsonDepth.js'

function nest(depth: number): unknown {
  let v: unknown = 1
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v }
  return v
}

describe('assertJsonDepth', () => {
  it('accepts scalars and values up to the limit', () => {
    expect(() => assertJsonDepth('x')).not.toThrow()
    expect(() => assertJsonDepth(null)).not.toThrow()
    expect(() => assertJsonDepth(nest(32))).not.toThrow()
    expect(() => assertJsonDepth(nest(3), { maxDepth: 3 })).not.toThrow()
  })

  it('rejects one level past the limit with TOO_DEEP', () => {
    expect(() => assertJsonDepth(nest(33))).toThrow(expect.objectContaining({ code: 'TOO_DEEP' }))
    expect(() => assertJsonDepth(nest(4), { maxDepth: 3 })).toThrow(expect.objectContaining({ code: 'TOO_DEEP' }))
  })

  it('names the field it checks: (body) by default', () => {
    expect(() => assertJsonDepth(nest(33))).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: (body): nested deeper than 32 levels]`)
    expect(() => assertJsonDepth(nest(4), { maxDepth: 3, field: 'actions' })).toThrowErrorMatchingInlineSnapshot(`[InvalidRequestError: actions: nested deeper than 3 levels]`)
  })

  it('is iterative: 1 000 000 levels do not overflow the stack', () => {
    let v: unknown = []
    for (let i = 0; i < 1_000_000; i++) v = [v]
    expect(() => assertJsonDepth(v)).toThrow(expect.objectContaining({ code: 'TOO_DEEP' }))
  })

  it('stops at the first level past the limit: a 100 000-deep value costs maxDepth expansions', () => {
    // Counts expansions instead of timing the walk: a walk that looks past the limit (e.g. measuring
    // the full depth first) expands all 100 000 levels and fails here on any machine.
    let expanded = 0
    let v: object = { k: 1 }
    for (let i = 0; i < 100_000; i++) {
      v = new Proxy({ k: v }, { ownKeys: (target) => (expanded++, Reflect.ownKeys(target)) })
    }
    expect(() => assertJsonDepth(v)).toThrow(expect.objectContaining({ code: 'TOO_DEEP' }))
    expect(expanded).toBe(32)
  })

  it('handles wide values', () => {
    expect(() => assertJsonDepth({ a: Array.from({ length: 100_000 }, () => ({ b: [1] })) })).not.toThrow()
  })
})
