import { describe, expect, test } from 'vitest'
import { dropEmptyQueryValues } from './dropEmptyQueryValues.js'

/** A query as fast-querystring parses it: a null-prototype object. */
function parsed(entries: Record<string, string | string[]>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries)
}

describe('dropEmptyQueryValues', () => {
  test('an empty value is the key left out; non-empty values stay as they are', () => {
    const q = parsed({ chainId: '1', destinationChainId: '', 'tokenIn[]': ['0xa', '0xb'], slippage: '0' })
    expect(dropEmptyQueryValues(q)).toBe(q)
    expect({ ...q }).toEqual({ chainId: '1', 'tokenIn[]': ['0xa', '0xb'], slippage: '0' })
  })

  test('a repeated key keeps its non-empty values (one becomes a plain string); all empty, it goes', () => {
    expect({ ...dropEmptyQueryValues(parsed({ a: ['', '1'], b: ['', ''], c: ['1', '', '2'] })) }).toEqual({ a: '1', c: ['1', '2'] })
  })

  test('a `__proto__` key stays an own key (never the prototype)', () => {
    const q = dropEmptyQueryValues(parsed({ ['__proto__']: 'x', e: '' }))
    expect(Object.getPrototypeOf(q)).toBeNull()
    expect(Object.keys(q)).toEqual(['__proto__'])
  })

  test('non-objects pass through', () => {
    expect(dropEmptyQueryValues(undefined)).toBeUndefined()
    expect(dropEmptyQueryValues('x')).toBe('x')
  })
})
