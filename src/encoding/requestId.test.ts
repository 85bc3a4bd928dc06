import { describe, expect, test } from 'vitest'
import { createRequestId, parseRequestId } from './requestId.js'

const fixed = (n: number) => Uint8Array.from({ length: n }, (_, i) => i + 1)

describe('createRequestId', () => {
  test('referral code left-aligned in the high 16 bytes, unique id in the low 16 bytes', () => {
    const id = createRequestId({ referralCode: 'partner-x', randomBytes: fixed })
    expect(id).toBe('0x706172746e65722d78000000000000000102030405060708090a0b0c0d0e0f10')
    expect(parseRequestId(id)).toEqual({ referralCode: 'partner-x', uniqueId: '0x0102030405060708090a0b0c0d0e0f10' })
  })

  test('no referral code: zero high half; exactly 16 characters is allowed', () => {
    expect(createRequestId({ randomBytes: fixed }).slice(0, 34)).toBe(`0x${'0'.repeat(32)}`)
    expect(parseRequestId(createRequestId({ referralCode: 'abcdefghijklmnop', randomBytes: fixed })).referralCode).toBe('abcdefghijklmnop')
  })

  test('default random source gives distinct ids', () => {
    expect(createRequestId()).not.toBe(createRequestId())
  })

  test('invalid referral codes and random sources throw typed errors', () => {
    expect(() => createRequestId({ referralCode: 'abcdefghijklmnopq' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidReferralCodeError: Invalid referral code "abcdefghijklmnopq": it is 17 bytes long.

      A referral code is 1 to 16 printable ASCII characters (0x20 to 0x7e).]
    `)
    expect(() => createRequestId({ referralCode: 'café' })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidReferralCodeError: Invalid referral code "café": character U+00e9 is not printable ASCII.

      A referral code is 1 to 16 printable ASCII characters (0x20 to 0x7e).]
    `)
    expect(() => createRequestId({ referralCode: 'a\nb' })).toThrow(/U\+000a/)
    expect(() => createRequestId({ referralCode: '' })).toThrow(/empty/)
    expect(() => createRequestId({ randomBytes: () => new Uint8Array(8) })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidUniqueIdError: The unique part of a request id must be 16 bytes, got 8.

      An injected random source must return exactly the number of bytes asked for.]
    `)
  })
})
