import { describe, expect, it } from 'vitest'
import { normalizeQuery } from './normalizeQuery.js'

const shape = { lists: ['tokenIn', 'amountIn'], numbers: ['chainId'], booleans: ['toEoa'], json: ['variableEstimates'] }

describe('normalizeQuery', () => {
  it.each([
    ['brackets', { 'tokenIn[]': ['a', 'b'] }],
    ['single bracket', { 'tokenIn[]': 'a,b' }],
    ['repeated', { tokenIn: ['a', 'b'] }],
    ['commas', { tokenIn: 'a,b' }],
  ])('reads a list given as %s', (_name, query) => {
    expect(normalizeQuery(query, shape)).toEqual({ tokenIn: ['a', 'b'] })
  })

  it('wraps a single list value in an array', () => {
    expect(normalizeQuery({ amountIn: '5' }, shape)).toEqual({ amountIn: ['5'] })
  })

  it('coerces numbers and booleans, and only well-formed ones', () => {
    expect(normalizeQuery({ chainId: '8453', toEoa: 'false' }, shape)).toEqual({ chainId: 8453, toEoa: false })
    expect(normalizeQuery({ chainId: '1.5' }, shape)).toEqual({ chainId: 1.5 })
    expect(normalizeQuery({ chainId: '0x1', toEoa: 'TRUE' }, shape)).toEqual({ chainId: '0x1', toEoa: 'TRUE' })
    expect(normalizeQuery({ chainId: ['1', '2'] }, shape)).toEqual({ chainId: ['1', '2'] })
    expect(normalizeQuery({ chainId: '1'.repeat(30) }, shape)).toEqual({ chainId: '1'.repeat(30) })
  })

  it('leaves other fields alone (strings stay strings)', () => {
    expect(normalizeQuery({ slippage: '50', referralCode: 'a,b' }, shape)).toEqual({ slippage: '50', referralCode: 'a,b' })
  })

  it('keeps a bracketed non-list key as an unknown key', () => {
    expect(normalizeQuery({ 'receiver[]': 'x' }, shape)).toEqual({ 'receiver[]': 'x' })
  })

  it('keeps __proto__ as an own key and never touches the prototype', () => {
    const query = Object.create(null) as Record<string, unknown>
    query['__proto__'] = 'x'
    const out = normalizeQuery(query, shape)
    expect(Object.keys(out)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
  })

  it('rejects one list in two styles', () => {
    expect(() => normalizeQuery({ tokenIn: 'a', 'tokenIn[]': 'b' }, shape)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
  })

  it('reads indexed lists (k[0]=a&k[1]=b) in index order, refuses them mixed with another style or repeated', () => {
    expect(normalizeQuery({ 'tokenIn[1]': 'b', 'tokenIn[0]': 'a' }, shape)).toEqual({ tokenIn: ['a', 'b'] })
    expect(normalizeQuery({ 'tokenIn[0]': 'a', 'tokenIn[7]': 'c' }, shape)).toEqual({ tokenIn: ['a', 'c'] })
    expect(() => normalizeQuery({ 'tokenIn[0]': 'a', tokenIn: 'b' }, shape)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(() => normalizeQuery({ tokenIn: 'b', 'tokenIn[0]': 'a' }, shape)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(() => normalizeQuery({ 'tokenIn[0]': ['a', 'b'] }, shape)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    // Not a list field, or an index too long: left as an unknown key for the validator to refuse.
    expect(normalizeQuery({ 'fromAddress[0]': 'a', 'tokenIn[1000]': 'b' }, shape)).toEqual({ 'fromAddress[0]': 'a', 'tokenIn[1000]': 'b' })
  })

  it('parses JSON fields and rejects malformed or deep ones', () => {
    expect(normalizeQuery({ variableEstimates: '{"a":"1"}' }, shape)).toEqual({ variableEstimates: { a: '1' } })
    expect(() => normalizeQuery({ variableEstimates: '{' }, shape)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(() => normalizeQuery({ variableEstimates: `${'['.repeat(50)}${']'.repeat(50)}` }, shape)).toThrow(expect.objectContaining({ code: 'TOO_DEEP' }))
  })
})
