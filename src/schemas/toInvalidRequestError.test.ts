import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { InvalidRequestError } from '../errors/request.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

/** The typed error a schema gives an input (the parse must fail). */
function errorOf(schema: z.ZodType, input: unknown): InvalidRequestError {
  const parsed = schema.safeParse(input, { reportInput: true })
  if (parsed.success) throw new Error('expected the parse to fail')
  return toInvalidRequestError(parsed.error)
}

const body = z.strictObject({
  name: z.string(),
  count: z.number().int().max(3),
  tags: z.array(z.string()).min(1).max(2).optional(),
  mode: z.enum(['a', 'b']).optional(),
  nested: z.strictObject({ list: z.array(z.strictObject({ x: z.number() })) }).optional(),
  coded: z.string().transform((v, ctx) => {
    if (v !== 'ok') ctx.addIssue({ code: 'custom', message: 'not ok', params: { code: 'MY_CODE' } })
    return v
  }).optional(),
  plain: z.string().refine((v) => v === 'ok', 'plain refine').optional(),
})

const valid = { name: 'n', count: 1 }

describe('toInvalidRequestError: zod issues → stable codes, field paths and messages', () => {
  test('a missing field is MISSING_FIELD, a present one of the wrong type INVALID_TYPE', () => {
    const missing = errorOf(body, { count: 1 })
    expect(missing).toBeInstanceOf(InvalidRequestError)
    expect(missing.code).toBe('MISSING_FIELD')
    expect(missing.issues).toEqual([{ field: 'name', reason: expect.any(String) }])
    expect(missing.message.startsWith('name: ')).toBe(true)
    expect(errorOf(body, { name: 5, count: 1 }).code).toBe('INVALID_TYPE')
    expect(errorOf(body, { name: null, count: 1 }).code).toBe('INVALID_TYPE')
  })

  test('unknown keys: UNKNOWN_FIELD, every key named (nested ones with their path)', () => {
    const e = errorOf(body, { ...valid, extra: 1, other: 2 })
    expect(e.code).toBe('UNKNOWN_FIELD')
    expect(e.issues).toHaveLength(1)
    expect(e.issues[0]!.field).toBe('extra, other')
    expect(e.message).toBe(`extra, other: ${e.issues[0]!.reason}`)
    const nested = errorOf(body, { ...valid, nested: { list: [{ x: 1, y: 2 }] } })
    expect(nested.code).toBe('UNKNOWN_FIELD')
    expect(nested.issues[0]!.field).toBe('nested.list[0].y')
  })

  test('array bounds: too many items TOO_MANY_ITEMS, an empty list MISSING_FIELD; number bounds INVALID_ARGUMENT', () => {
    expect(errorOf(body, { ...valid, tags: ['a', 'b', 'c'] }).code).toBe('TOO_MANY_ITEMS')
    expect(errorOf(body, { ...valid, tags: [] }).code).toBe('MISSING_FIELD')
    expect(errorOf(body, { ...valid, count: 4 }).code).toBe('INVALID_ARGUMENT')
    expect(errorOf(z.object({ s: z.string().min(2) }), { s: 'a' }).code).toBe('INVALID_ARGUMENT')
    expect(errorOf(z.object({ s: z.string().max(1) }), { s: 'ab' }).code).toBe('INVALID_ARGUMENT')
    expect(errorOf(body, { ...valid, count: 1.5 }).code).toBe('INVALID_TYPE')
  })

  test('enum values and plain refinements are INVALID_ARGUMENT; a custom code wins', () => {
    expect(errorOf(body, { ...valid, mode: 'c' }).code).toBe('INVALID_ARGUMENT')
    const plain = errorOf(body, { ...valid, plain: 'no' })
    expect(plain.code).toBe('INVALID_ARGUMENT')
    expect(plain.message).toBe('plain: plain refine')
    const coded = errorOf(body, { ...valid, coded: 'no' })
    expect(coded.code).toBe('MY_CODE')
    expect(coded.message).toBe('coded: not ok')
    expect(coded.issues).toEqual([{ field: 'coded', reason: 'not ok' }])
  })

  test('paths: numeric segments as [i], keys joined by dots, the root as (body)', () => {
    const e = errorOf(body, { ...valid, nested: { list: [{ x: 1 }, { x: 'a' }] } })
    expect(e.issues[0]!.field).toBe('nested.list[1].x')
    expect(errorOf(z.array(z.number()), [1, 'a']).issues[0]!.field).toBe('[1]')
    const root = errorOf(z.string(), 5)
    expect(root.issues[0]!.field).toBe('(body)')
    expect(root.message).toBe(`(body): ${root.issues[0]!.reason}`)
  })

  test('the first issue decides code and message; every issue is listed', () => {
    const e = errorOf(body, { name: 1, count: 'x', tags: [], coded: 'no' })
    expect(e.code).toBe('INVALID_TYPE')
    expect(e.issues.map((i) => i.field)).toEqual(['name', 'count', 'tags', 'coded'])
    expect(e.message).toBe(`name: ${e.issues[0]!.reason}`)
  })

  test('an error without issues is a generic INVALID_ARGUMENT "invalid request"', () => {
    const e = toInvalidRequestError(new z.ZodError([]))
    expect(e.code).toBe('INVALID_ARGUMENT')
    expect(e.message).toBe('invalid request')
    expect(e.issues).toEqual([])
  })

  test('an issue with an unknown code falls back to INVALID_ARGUMENT', () => {
    const e = toInvalidRequestError(new z.ZodError([{ code: 'invalid_format', format: 'regex', path: ['a'], message: 'bad', input: 'x' } as never]))
    expect(e.code).toBe('INVALID_ARGUMENT')
    expect(e.issues).toEqual([{ field: 'a', reason: 'bad' }])
  })

  describe('unions: the one branch that took the value\'s type reports, with its code (else the bare union issue)', () => {
    // An amount argument: a reference object or a canonical literal string (the shape of bundle amounts).
    const literal = z.string().transform((v, ctx) => {
      if (!/^[0-9]+$/.test(v)) ctx.addIssue({ code: 'custom', message: 'not digits', params: { code: 'INVALID_AMOUNT' } })
      return v
    })
    const reference = z.strictObject({ at: z.number().min(0) })
    const schema = z.object({ args: z.object({ amount: z.union([reference, literal]) }) })

    test('a literal of the wrong form: the literal branch\'s code, reason and full path', () => {
      const e = errorOf(schema, { args: { amount: '1e3' } })
      expect(e.code).toBe('INVALID_AMOUNT')
      expect(e.message).toBe('args.amount: not digits')
      expect(e.issues).toEqual([{ field: 'args.amount', reason: 'not digits' }])
    })

    test('a malformed reference: the reference branch\'s issues, their paths below the union', () => {
      const e = errorOf(schema, { args: { amount: { at: -1 } } })
      expect(e.code).toBe('INVALID_ARGUMENT')
      expect(e.issues.map((i) => i.field)).toEqual(['args.amount.at'])
      const extra = errorOf(schema, { args: { amount: { at: 1, index: 2 } } })
      expect(extra.code).toBe('UNKNOWN_FIELD')
      expect(extra.issues.map((i) => i.field)).toEqual(['args.amount.index'])
      const missing = errorOf(schema, { args: { amount: {} } })
      expect(missing.code).toBe('MISSING_FIELD')
      expect(missing.issues.map((i) => i.field)).toEqual(['args.amount.at'])
    })

    test('a nested union is unwrapped the same way', () => {
      const nested = z.object({ v: z.union([z.boolean(), z.union([reference, literal])]) })
      const e = errorOf(nested, { v: 'x' })
      expect(e.code).toBe('INVALID_AMOUNT')
      expect(e.issues).toEqual([{ field: 'v', reason: 'not digits' }])
    })

    test('no branch took the value (wrong type for all), or several did: the union\'s own issue', () => {
      const none = errorOf(schema, { args: { amount: true } })
      expect(none.code).toBe('INVALID_ARGUMENT')
      expect(none.issues).toHaveLength(1)
      expect(none.issues[0]!.field).toBe('args.amount')
      const two = z.object({ v: z.union([z.string().min(5), z.string().regex(/^a/)]) })
      const both = errorOf(two, { v: 'b' })
      expect(both.code).toBe('INVALID_ARGUMENT')
      expect(both.issues).toEqual([{ field: 'v', reason: expect.any(String) }])
      expect(both.issues[0]!.reason).not.toMatch(/Too small|pattern/)
      // A branch that took part of the value reports even when another of its parts refused the type.
      const partly = errorOf(z.union([z.intersection(z.object({ a: z.number() }), z.string()), z.boolean()]), {})
      expect(partly.code).toBe('MISSING_FIELD')
      expect(partly.issues[0]!.field).toBe('a')
      // A branch refusing a nested field on its type has taken the value: it reports.
      const inner = errorOf(z.union([z.boolean(), z.object({ n: z.number() })]), { n: 'x' })
      expect(inner.code).toBe('INVALID_TYPE')
      expect(inner.issues[0]!.field).toBe('n')
    })

    test('other issues are kept in order around an unwrapped union', () => {
      const e = errorOf(z.object({ a: z.string(), b: z.union([reference, literal]), c: z.number() }), { a: 1, b: 'x', c: 'y' })
      expect(e.code).toBe('INVALID_TYPE')
      expect(e.issues.map((i) => i.field)).toEqual(['a', 'b', 'c'])
      expect(e.issues[1]!.reason).toBe('not digits')
    })
  })
})
