import { describe, expect, it } from 'vitest'
import { API_KEY_PATTERN, parseAuthorization } from './parseAuthorization.js'

const key = 'abcdEFGH0123._~+/=-x'

describe('parseAuthorization', () => {
  it('accepts Bearer in any case with exactly one space', () => {
    expect(parseAuthorization(`Bearer ${key}`)).toBe(key)
    expect(parseAuthorization(`bearer ${key}`)).toBe(key)
    expect(parseAuthorization(`BEARER ${key}`)).toBe(key)
    expect(parseAuthorization([`Bearer ${key}`])).toBe(key)
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['Basic scheme', 'Basic dXNlcjpwYXNzd29yZA=='],
    ['Bearer without token', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['two spaces', `Bearer  ${key}`],
    ['tab', `Bearer\t${key}`],
    ['leading space', ` Bearer ${key}`],
    ['trailing space', `Bearer ${key} `],
    ['trailing newline', `Bearer ${key}\n`],
    ['newline inside the key', `Bearer abcdEFGH\n0123456789`],
    ['token too short (15)', `Bearer ${'a'.repeat(15)}`],
    ['token too long (257)', `Bearer ${'a'.repeat(257)}`],
    ['colon in token', `Bearer ${key}:acct`],
    ['non-ASCII letter', `Bearer ${key}é`],
    ['no scheme', key],
  ])('rejects %s', (_name, value) => {
    expect(parseAuthorization(value)).toBeUndefined()
  })

  it('rejects repeated or non-string values', () => {
    expect(parseAuthorization([`Bearer ${key}`, `Bearer ${key}`])).toBeUndefined()
    expect(parseAuthorization([])).toBeUndefined()
    expect(parseAuthorization([Buffer.from(`Bearer ${key}`)])).toBeUndefined()
  })

  it('accepts exactly 16 and 256 characters', () => {
    expect(parseAuthorization(`Bearer ${'a'.repeat(16)}`)).toBe('a'.repeat(16))
    expect(parseAuthorization(`Bearer ${'a'.repeat(256)}`)).toBe('a'.repeat(256))
    expect(API_KEY_PATTERN.test('a'.repeat(16))).toBe(true)
  })
})
