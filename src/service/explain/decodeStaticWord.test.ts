import fc from 'fast-check'
import { decodeAbiParameters, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { toExplainedValue } from './decodePlan.js'
import { decodeStaticWord } from './decodeStaticWord.js'

const TYPES = ['uint256', 'uint8', 'uint24', 'uint48', 'uint160', 'int256', 'int24', 'int8', 'int128', 'address', 'bool', 'bytes32', 'bytes4', 'bytes1', 'bytes20']
const word = fc.oneof(
  fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
  fc.bigInt({ min: 0n, max: 2n }),
  fc.bigInt({ min: (1n << 256n) - 1000n, max: (1n << 256n) - 1n }),
  // The edges: the sign bit, 2^53 (viem's number limit for types up to 48 bits) and their neighbours.
  fc.constantFrom(1n << 255n, (1n << 255n) - 1n, (1n << 256n) - (1n << 53n), (1n << 256n) - (1n << 53n) + 1n, 1n << 53n, (1n << 53n) - 1n, (1n << 53n) + 1n),
).map((v) => `0x${v.toString(16).padStart(64, '0')}` as Hex)

describe('decodeStaticWord', () => {
  test('equals viem\'s decoder (as the explanation writes it) on every static type it takes', () => {
    fc.assert(fc.property(fc.constantFrom(...TYPES), word, (type, w) => {
      let expected: string | undefined
      try {
        expected = toExplainedValue(decodeAbiParameters([{ type }], w)[0]) as string
      } catch {
        expected = undefined // viem refuses it (a bool that is neither 0 nor 1): the caller's slow path shows the word
      }
      expect(decodeStaticWord(type, w)).toBe(expected)
    }), { numRuns: 3000 })
  })

  test('leaves dynamic and composite types, and words that are not 32 bytes, to the slow path', () => {
    const w = `0x${'11'.repeat(32)}` as Hex
    for (const type of ['bytes', 'string', 'uint256[]', 'tuple', 'bytes33', 'bytes0']) expect(decodeStaticWord(type, w)).toBeUndefined()
    expect(decodeStaticWord('uint256', '0x01')).toBeUndefined()
  })
})
