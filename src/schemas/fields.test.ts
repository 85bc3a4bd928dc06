import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { isReservedAddress, receiverSchema, senderIssueOf, senderSchema } from './fields.js'
import { toInvalidRequestError } from './toInvalidRequestError.js'

const at = (n: bigint | number) => `0x${BigInt(n).toString(16).padStart(40, '0')}`

/** The stable code a schema gives an input, or OK. */
function codeOf(schema: z.ZodType, value: string): string {
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
