import fc from 'fast-check'
import { type AbiParameter, encodeAbiParameters, getAddress, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { functionCall } from './call.js'
import { encodeLiteral } from './encodeLiteral.js'

const call = functionCall({ abi: parseAbi(['function f(uint256)']), functionName: 'f', address: '0x0000000000000000000000000000000000000001', args: [1n] })

/** viem's answer: its encoding, or that it refuses. */
function viem(param: AbiParameter, value: unknown): string {
  try {
    return encodeAbiParameters([param], [value])
  } catch {
    return 'refused'
  }
}
function ours(param: AbiParameter, value: unknown): string {
  try {
    return encodeLiteral(call, param, value)
  } catch (error) {
    expect(error).toMatchObject({ name: 'InvalidPlannerCallError' })
    return 'refused'
  }
}

const hex40 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Buffer.from(b).toString('hex'))
const address = fc.oneof(
  hex40.map((h) => `0x${h}`),
  hex40.map((h) => getAddress(`0x${h}`)),
  hex40.map((h) => `0x${h.toUpperCase()}`),
  // A checksum with one letter's case flipped.
  hex40.map((h) => getAddress(`0x${h}`)).map((a) => a.replace(/[a-f]/, (c) => c.toUpperCase()).replace(/[A-F]/, (c) => c.toLowerCase())),
  fc.constantFrom('0x123', 'not an address', `0x${'g'.repeat(40)}`, 5n),
)
const integer = fc.oneof(
  fc.bigInt({ min: -(1n << 260n), max: 1n << 260n }),
  fc.bigInt({ min: 0n, max: 1n << 70n }),
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, 2 ** 80, '7', true),
  fc.constantFrom((1n << 256n) - 1n, 1n << 256n, 255n, 256n, (1n << 160n) - 1n, 1n << 160n),
)

describe('encodeLiteral: the directly written types encode and refuse exactly as viem does', () => {
  test('address (lowercase, checksummed, all caps, a broken checksum, garbage)', () => {
    fc.assert(fc.property(address, (value) => {
      expect(ours({ type: 'address' }, value)).toBe(viem({ type: 'address' }, value))
    }), { numRuns: 400 })
  })

  test('uint<N> and uint, in and out of range, bigint or number or neither', () => {
    const types = fc.constantFrom('uint', 'uint8', 'uint16', 'uint24', 'uint128', 'uint160', 'uint256')
    fc.assert(fc.property(types, integer, (type, value) => {
      expect(ours({ type }, value)).toBe(viem({ type }, value))
    }), { numRuns: 600 })
  })

  test('bool and bytes32', () => {
    const bytes32 = fc.oneof(fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${Buffer.from(b).toString('hex')}`), fc.constantFrom(`0x${'AB'.repeat(32)}`, `0x${'ab'.repeat(31)}`, '0x', true))
    fc.assert(fc.property(fc.oneof(fc.boolean(), fc.constantFrom(0, 1, 'true')), (value) => {
      expect(ours({ type: 'bool' }, value)).toBe(viem({ type: 'bool' }, value))
    }))
    fc.assert(fc.property(bytes32, (value) => {
      expect(ours({ type: 'bytes32' }, value)).toBe(viem({ type: 'bytes32' }, value))
    }))
  })

  test('other types still go through viem', () => {
    expect(ours({ type: 'int8' }, -1n)).toBe(viem({ type: 'int8' }, -1n))
    expect(ours({ type: 'bytes' }, '0xabcd')).toBe(viem({ type: 'bytes' }, '0xabcd'))
    expect(ours({ type: 'address[]' }, ['0x0000000000000000000000000000000000000002'])).toBe(viem({ type: 'address[]' }, ['0x0000000000000000000000000000000000000002']))
  })
})
