import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { getAddress } from 'viem'
import {
  MAX_UINT256, NATIVE_ADDRESS, PRECOMPILE_SENDER_MAX, RESERVED_ADDRESS_MAX, addressSchema, bpsStringSchema, chainIdSchema, isNativeAddress, isReservedAddress,
  receiverSchema, referralCodeSchema, senderIssueOf, senderSchema, tokenSchema, uintStringSchema,
} from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

const at = (n: bigint | number) => `0x${BigInt(n).toString(16).padStart(40, '0')}`

/** The stable code a schema gives an input, or OK. */
function codeOf(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value)
  return parsed.success ? 'OK' : toInvalidRequestError(parsed.error).code
}

describe('receiverSchema: the precompile range 0x…0001–0x…ffff never receives (RECEIVER_IS_PRECOMPILE)', () => {
  test('boundaries: zero is INVALID_RECEIVER, 1 and 0xffff refused, 0x10000 accepted', () => {
    expect(codeOf(receiverSchema, at(0))).toBe('INVALID_RECEIVER')
    expect(codeOf(receiverSchema, at(1))).toBe('RECEIVER_IS_PRECOMPILE')
    expect(codeOf(receiverSchema, at(0xffff))).toBe('RECEIVER_IS_PRECOMPILE')
    expect(codeOf(receiverSchema, at(0x10000))).toBe('OK')
    expect(codeOf(receiverSchema, '0x000000000000000000000000000000000000dEaD')).toBe('RECEIVER_IS_PRECOMPILE')
    expect(codeOf(receiverSchema, '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('OK')
  })

  test('property: every address in the range is refused in any casing; every one above it passes', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 0xffffn }), fc.boolean(), (n, upper) => {
      const address = upper ? at(n).toUpperCase().replace('0X', '0x') : at(n)
      expect(isReservedAddress(address)).toBe(true)
      expect(codeOf(receiverSchema, address)).toBe('RECEIVER_IS_PRECOMPILE')
    }), { numRuns: 300 })
    fc.assert(fc.property(fc.bigInt({ min: 0x10000n, max: 2n ** 160n - 1n }), (n) => {
      expect(isReservedAddress(at(n))).toBe(false)
      expect(codeOf(receiverSchema, at(n))).toBe('OK')
    }), { numRuns: 300 })
  })
})

describe('senderSchema: the zero address and the precompile range 0x…0001–0x…ffff cannot send (SENDER_IS_PRECOMPILE)', () => {
  test('boundaries, and the quote\'s neutral sender 0x…1dead stays a valid sender', () => {
    for (const n of [0, 1, 0x0a, 0x11, 0x100, 0x101, 0xdead, 0xffff]) expect(codeOf(senderSchema, at(n)), at(n)).toBe('SENDER_IS_PRECOMPILE')
    for (const n of [0x10000, 0x1dead]) expect(codeOf(senderSchema, at(n)), at(n)).toBe('OK')
    expect(senderIssueOf(at(0))).toMatchInlineSnapshot(`"the zero address cannot send a transaction"`)
    expect(senderIssueOf(at(1))).toMatchInlineSnapshot(`"0x0000000000000000000000000000000000000001 is in the precompile range (0x…0001–0x…ffff): it cannot send a transaction"`)
  })
})

// EIP-55's own test vectors (eips.ethereum.org/EIPS/eip-55).
const EIP55 = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']
const EIP55_UPPER = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D']
const EIP55_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26']

/** Flips the case of the first letter of the hex part (a checksum typo). */
function flipFirstLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2
  const c = address[i]!
  return address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1)
}

describe('addressSchema: 0x + 40 hex digits; unchecksummed accepted, mixed case must be EIP-55', () => {
  test('EIP-55 vectors: checksummed ones pass unchanged; lowercase ones are checksummed; a flipped letter fails', () => {
    for (const a of EIP55) {
      expect(addressSchema.parse(a)).toBe(a)
      expect(addressSchema.parse(a.toLowerCase())).toBe(a)
      expect(addressSchema.parse(`0x${a.slice(2).toUpperCase()}`)).toBe(a)
      expect(codeOf(addressSchema, flipFirstLetter(a))).toBe('INVALID_CHECKSUM')
    }
    // All-caps and all-lowercase vectors are their own checksum: they come back as given (mixed case only where letters are).
    for (const a of [...EIP55_UPPER, ...EIP55_LOWER]) expect(addressSchema.parse(a.toLowerCase()).toLowerCase()).toBe(a.toLowerCase())
    expect(addressSchema.parse(EIP55_UPPER[0]!)).toBe(EIP55_UPPER[0])
    expect(addressSchema.parse(EIP55_LOWER[0]!)).toBe(EIP55_LOWER[0])
  })

  test('shape: length, prefix, non-hex digits → INVALID_ADDRESS with its message', () => {
    const a = EIP55[0]!
    for (const bad of ['', '0x', a.slice(0, 41), `${a}0`, a.slice(2), `0X${a.slice(2)}`, ` ${a}`, `${a} `, `${a.slice(0, 41)}g`, `0x${'z'.repeat(40)}`]) {
      expect(codeOf(addressSchema, bad), bad).toBe('INVALID_ADDRESS')
    }
    expect(() => addressSchema.parse('0x1')).toThrow('must be 0x followed by 40 hex digits')
    expect(() => addressSchema.parse(flipFirstLetter(a))).toThrow('mixed-case address fails its EIP-55 checksum')
  })

  test('property: any 20 bytes in lower or upper case parse to the checksum viem computes; a mixed-case typo is refused', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 160n - 1n }), fc.boolean(), (n, upper) => {
      const lower = at(n)
      const input = upper ? `0x${lower.slice(2).toUpperCase()}` : lower
      const parsed = addressSchema.parse(input)
      expect(parsed).toBe(getAddress(lower))
      if (/[a-f]/.test(lower.slice(2))) {
        const checksummed = getAddress(lower)
        expect(addressSchema.parse(checksummed)).toBe(checksummed)
        // One letter's case flipped breaks the checksum, unless the result is all one case (then unchecksummed).
        const typo = flipFirstLetter(checksummed).slice(2)
        if (typo !== typo.toLowerCase() && typo !== typo.toUpperCase()) expect(codeOf(addressSchema, `0x${typo}`)).toBe('INVALID_CHECKSUM')
      }
    }), { numRuns: 100 })
  })

  test('isNativeAddress: the 0xEeee…EEeE placeholder in any casing, nothing else', () => {
    expect(NATIVE_ADDRESS).toBe(getAddress('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'))
    expect(isNativeAddress(NATIVE_ADDRESS)).toBe(true)
    expect(isNativeAddress(NATIVE_ADDRESS.toLowerCase())).toBe(true)
    expect(isNativeAddress(NATIVE_ADDRESS.toUpperCase())).toBe(true)
    expect(isNativeAddress(at(0))).toBe(false)
    expect(isNativeAddress(`0x${'e'.repeat(39)}f`)).toBe(false)
  })
})

describe('tokenSchema: the zero address is not a token (INVALID_TOKEN), the native placeholder is', () => {
  test('zero refused with a message naming the placeholder; native, precompiles and others pass checksummed', () => {
    expect(codeOf(tokenSchema, at(0))).toBe('INVALID_TOKEN')
    expect(() => tokenSchema.parse(at(0))).toThrow(`the zero address is not a token; the native coin is ${NATIVE_ADDRESS}`)
    expect(tokenSchema.parse(NATIVE_ADDRESS.toLowerCase())).toBe(NATIVE_ADDRESS)
    expect(tokenSchema.parse(at(1))).toBe(at(1))
    expect(tokenSchema.parse(EIP55[0]!.toLowerCase())).toBe(EIP55[0])
    expect(codeOf(tokenSchema, '0x12')).toBe('INVALID_ADDRESS')
  })
})

describe('receiverSchema / senderSchema: messages and normalisation', () => {
  test('messages name the condition; a valid address comes back checksummed', () => {
    expect(() => receiverSchema.parse(at(0))).toThrow('the zero address would burn the tokens')
    expect(() => receiverSchema.parse(at(0xdead))).toThrow(`${getAddress(at(0xdead))} is in the precompile range 0x…0001–0x…ffff: funds sent there are lost`)
    expect(receiverSchema.parse(EIP55[1]!.toLowerCase())).toBe(EIP55[1])
    expect(senderSchema.parse(EIP55[1]!.toLowerCase())).toBe(EIP55[1])
    expect(() => senderSchema.parse(at(0))).toThrow('the zero address cannot send a transaction')
    expect(codeOf(receiverSchema, 'nope')).toBe('INVALID_ADDRESS')
    expect(codeOf(senderSchema, 'nope')).toBe('INVALID_ADDRESS')
  })

  test('isReservedAddress / senderIssueOf on malformed input: not reserved, no issue', () => {
    expect(isReservedAddress('0x1')).toBe(false)
    expect(isReservedAddress(`z0x${'0'.repeat(39)}1`)).toBe(false)
    expect(senderIssueOf(`z0x${'0'.repeat(40)}`)).toBeUndefined()
    expect(isReservedAddress(`0x${'0'.repeat(39)}1 `)).toBe(false)
    expect(isReservedAddress(at(0))).toBe(false)
    expect(senderIssueOf('0x0')).toBeUndefined()
    expect(senderIssueOf(`0x${'0'.repeat(41)}`)).toBeUndefined()
    expect(senderIssueOf(at(0x10000))).toBeUndefined()
    expect(senderIssueOf(at(0xffff))).toBe(`${at(0xffff)} is in the precompile range (0x…0001–0x…ffff): it cannot send a transaction`)
    expect(RESERVED_ADDRESS_MAX).toBe(65535n)
    expect(PRECOMPILE_SENDER_MAX).toBe(65535n)
  })
})

describe('uintStringSchema: canonical base-10 uint256 strings → bigint', () => {
  const amount = uintStringSchema({ positive: false })
  const positive = uintStringSchema({ positive: true })
  const coded = uintStringSchema({ positive: true, code: 'INVALID_MIN' })

  test('property: every uint256 round-trips through its decimal string', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n) => {
      expect(amount.parse(n.toString())).toBe(n)
      if (n > 0n) expect(positive.parse(n.toString())).toBe(n)
    }), { numRuns: 300 })
    expect(amount.parse((2n ** 256n - 1n).toString())).toBe(MAX_UINT256)
    expect(MAX_UINT256).toBe(115792089237316195423570985008687907853269984665640564039457584007913129639935n)
  })

  test('non-canonical strings BigInt would accept are refused with the given code', () => {
    for (const bad of ['', ' 1', '1 ', '+1', '-1', '01', '00', '1e3', '0x10', '1_000', '1,000', '1.0', '١', 'abc']) {
      expect(codeOf(amount, bad), JSON.stringify(bad)).toBe('INVALID_AMOUNT')
      expect(codeOf(coded, bad), JSON.stringify(bad)).toBe('INVALID_MIN')
    }
    expect(() => amount.parse('01')).toThrow('must be a base-10 integer string without sign, spaces or leading zeros')
  })

  test('above 2^256-1: AMOUNT_TOO_LARGE, by value (78 digits) or by length (79+), before any BigInt work', () => {
    expect(codeOf(amount, (2n ** 256n).toString())).toBe('AMOUNT_TOO_LARGE')
    expect(codeOf(coded, (2n ** 256n).toString())).toBe('AMOUNT_TOO_LARGE')
    expect(codeOf(amount, '9'.repeat(78))).toBe('AMOUNT_TOO_LARGE')
    expect(codeOf(amount, `1${'0'.repeat(78)}`)).toBe('AMOUNT_TOO_LARGE')
    expect(codeOf(amount, '0'.repeat(79))).toBe('AMOUNT_TOO_LARGE')
    expect(codeOf(amount, 'x'.repeat(100_000))).toBe('AMOUNT_TOO_LARGE')
    expect(() => amount.parse('9'.repeat(78))).toThrow('exceeds 2^256-1')
    expect(() => amount.parse('9'.repeat(79))).toThrow('exceeds 2^256-1')
    // 78 digits that fit: accepted.
    expect(amount.parse(`1${'0'.repeat(77)}`)).toBe(10n ** 77n)
  })

  test('zero: accepted unless positive (then the given code, "must be greater than zero")', () => {
    expect(amount.parse('0')).toBe(0n)
    expect(codeOf(positive, '0')).toBe('INVALID_AMOUNT')
    expect(codeOf(coded, '0')).toBe('INVALID_MIN')
    expect(() => positive.parse('0')).toThrow('must be greater than zero')
    expect(positive.parse('1')).toBe(1n)
    expect(amount.safeParse(5).success).toBe(false)
  })
})

describe('bpsStringSchema: integer basis points in [0, max] from a string or a number', () => {
  const slippage = bpsStringSchema({ max: 10_000, code: 'INVALID_SLIPPAGE' })
  const fee = bpsStringSchema({ max: 100, code: 'INVALID_FEE' })

  test('every value in range is accepted as a string and as a number, and returned as bigint', () => {
    for (let v = 0; v <= 100; v++) {
      expect(fee.parse(String(v))).toBe(BigInt(v))
      expect(fee.parse(v)).toBe(BigInt(v))
    }
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (v) => {
      expect(slippage.parse(String(v))).toBe(BigInt(v))
      expect(slippage.parse(v)).toBe(BigInt(v))
    }), { numRuns: 200 })
  })

  test('above max, negative, fractional, non-canonical or too long: the given code and a message naming the range', () => {
    for (const bad of ['101', 101, '1000', -1, '-1', 1.5, '1.5', '01', '00', ' 1', '+1', '1e2', 1e2 + 1, '', 'abc', '000001']) {
      expect(codeOf(fee, bad as never), String(bad)).toBe('INVALID_FEE')
    }
    for (const bad of ['10001', 10_001, '99999', '100000', 1e21]) expect(codeOf(slippage, bad as never), String(bad)).toBe('INVALID_SLIPPAGE')
    expect(() => fee.parse('101')).toThrow('must be an integer from 0 to 100 (basis points)')
    expect(() => slippage.parse('x')).toThrow('must be an integer from 0 to 10000 (basis points)')
    for (const bad of [true, NaN, Infinity, null]) expect(codeOf(fee, bad as never), String(bad)).not.toBe('OK')
  })

  test('a max of 99999 still refuses six digits (at most five digits are read)', () => {
    const wide = bpsStringSchema({ max: 999_999, code: 'X' })
    expect(wide.parse('99999')).toBe(99_999n)
    expect(codeOf(wide, '100000')).toBe('X')
  })
})

describe('chainIdSchema and referralCodeSchema', () => {
  test('chain ids: positive safe integers only', () => {
    for (const ok of [1, 8453, Number.MAX_SAFE_INTEGER]) expect(chainIdSchema.parse(ok)).toBe(ok)
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, '1', NaN]) expect(chainIdSchema.safeParse(bad).success, String(bad)).toBe(false)
  })

  test('issue 24 item 8: an integer no chain can have (0, -1, 2^53) is UNSUPPORTED_CHAIN; a fraction or a non-number INVALID_TYPE', () => {
    for (const id of [0, -1, 2 ** 53, 1e21]) {
      expect(codeOf(chainIdSchema, id), String(id)).toBe('UNSUPPORTED_CHAIN')
    }
    expect(() => chainIdSchema.parse(-1)).toThrow('Chain -1 is not supported')
    for (const bad of [1.5, '1', NaN, Infinity, null, true]) {
      const parsed = chainIdSchema.safeParse(bad, { reportInput: true })
      expect(parsed.success ? 'OK' : toInvalidRequestError(parsed.error).code, String(bad)).toBe('INVALID_TYPE')
    }
  })

  test('referral codes: at most 16 printable ASCII characters (REFERRAL_TOO_LONG, INVALID_REFERENCE_CODE)', () => {
    for (const ok of ['', 'a', 'x'.repeat(16), ' ~', 'ABC-123_xyz!@#$%']) expect(referralCodeSchema.parse(ok)).toBe(ok)
    expect(codeOf(referralCodeSchema, 'x'.repeat(17))).toBe('REFERRAL_TOO_LONG')
    expect(() => referralCodeSchema.parse('x'.repeat(17))).toThrow('at most 16 characters')
    for (const bad of ['\x1f', '\x7f', 'é', 'a\nb', 'tab\t', '😀']) expect(codeOf(referralCodeSchema, bad), JSON.stringify(bad)).toBe('INVALID_REFERRAL_CODE')
    expect(() => referralCodeSchema.parse('\x7f')).toThrow('printable ASCII only')
    // Too long wins over non-printable.
    expect(codeOf(referralCodeSchema, '\x7f'.repeat(17))).toBe('REFERRAL_TOO_LONG')
  })
})
