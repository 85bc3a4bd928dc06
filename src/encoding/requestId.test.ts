import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { assertReferralCode, createRequestId, parseRequestId, pooledRandomBytes } from './requestId.js'

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

describe('requestId round trip (fast-check)', () => {
  const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c))
  const code = fc.array(printable, { minLength: 1, maxLength: 16 }).map((cs) => cs.join(''))
  const bytes16 = fc.uint8Array({ minLength: 16, maxLength: 16 })

  test('any 1..16 printable characters and any 16 random bytes come back from parseRequestId', () => {
    fc.assert(
      fc.property(code, bytes16, (referralCode, low) => {
        const asked: number[] = []
        const id = createRequestId({ referralCode, randomBytes: (n) => (asked.push(n), low) })
        expect(asked).toEqual([16])
        expect(id).toMatch(/^0x[0-9a-f]{64}$/)
        // High half: the ASCII bytes, left-aligned, zero-padded (Solidity bytes16(bytes(code))).
        expect(id.slice(2, 34)).toBe(Buffer.from(referralCode, 'latin1').toString('hex').padEnd(32, '0'))
        expect(parseRequestId(id)).toEqual({ referralCode, uniqueId: `0x${Buffer.from(low).toString('hex')}` })
      }),
      { numRuns: 200 },
    )
  })

  test('printable bounds: space and tilde are allowed, 0x1f and 0x7f are not', () => {
    expect(parseRequestId(createRequestId({ referralCode: ' ~', randomBytes: fixed })).referralCode).toBe(' ~')
    expect(() => assertReferralCode('a\x1f')).toThrow('character U+001f is not printable ASCII')
    expect(() => assertReferralCode('\x7f')).toThrow('character U+007f is not printable ASCII')
    expect(() => assertReferralCode('€')).toThrow('character U+20ac is not printable ASCII')
    expect(() => assertReferralCode('😀')).toThrow('character U+1f600 is not printable ASCII')
    expect(() => assertReferralCode('x'.repeat(17))).toThrow('it is 17 bytes long')
    expect(() => assertReferralCode('x'.repeat(16))).not.toThrow()
    expect(() => assertReferralCode('x')).not.toThrow()
  })

  test('parseRequestId removes trailing zero bytes only (ids read from chain need not be ours)', () => {
    const id = `0x610062${'00'.repeat(13)}${'ee'.repeat(16)}` as const
    expect(parseRequestId(id)).toEqual({ referralCode: 'a\x00b', uniqueId: `0x${'ee'.repeat(16)}` })
  })

  test('no referral code: all-zero high half parses to the empty code', () => {
    const id = createRequestId({ randomBytes: fixed })
    expect(id).toBe(`0x${'00'.repeat(16)}0102030405060708090a0b0c0d0e0f10`)
    expect(parseRequestId(id)).toEqual({ referralCode: '', uniqueId: '0x0102030405060708090a0b0c0d0e0f10' })
  })

  test('the default random source returns 16 fresh bytes', () => {
    const ids = Array.from({ length: 8 }, () => createRequestId({ referralCode: 'r' }))
    for (const id of ids) {
      expect(id).toMatch(/^0x72[0]{30}[0-9a-f]{32}$/)
      expect(parseRequestId(id).referralCode).toBe('r')
    }
    expect(new Set(ids.map((id) => id.slice(34))).size).toBe(8)
  })

  test('the pooled source never hands out the same bytes twice, across refills of its pool', () => {
    // 4 KiB a fill: 1,000 ids span four fills and the draws that straddle none.
    const seen = new Set(Array.from({ length: 1_000 }, () => Buffer.from(pooledRandomBytes(16)).toString('hex')))
    expect(seen.size).toBe(1_000)
    const odd = [pooledRandomBytes(4000), pooledRandomBytes(200), pooledRandomBytes(10_000)]
    expect(odd.map((b) => b.length)).toEqual([4000, 200, 10_000])
    expect(new Set(odd.map((b) => Buffer.from(b.subarray(0, 16)).toString('hex'))).size).toBe(3)
  })

  test('a random source returning the wrong thing is refused', () => {
    expect(() => createRequestId({ randomBytes: () => new Uint8Array(17) })).toThrow('must be 16 bytes, got 17')
    expect(() => createRequestId({ randomBytes: () => Array.from({ length: 16 }, () => 1) as unknown as Uint8Array })).toThrow('must be 16 bytes, got 16')
    expect(() => createRequestId({ randomBytes: () => undefined as unknown as Uint8Array })).toThrow('must be 16 bytes, got 0')
  })
})
