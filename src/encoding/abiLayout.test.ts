/** The ABI layout helpers against viem's own encoder and selector computation. */
import fc from 'fast-check'
import { type AbiFunction, type AbiParameter, encodeAbiParameters, hexToBigInt, size, sliceHex, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { canonicalType, elementParameter, fixedArrayLength, isDynamicParameter, staticSize, tupleComponents } from './abiLayout.js'

/** A random ABI parameter type (nested arrays and tuples) with a sampler for one of its values. */
const leaf = fc.constantFrom<AbiParameter>(
  { type: 'uint256' },
  { type: 'address' },
  { type: 'bool' },
  { type: 'bytes32' },
  { type: 'uint8' },
  { type: 'int24' },
  { type: 'bytes' },
  { type: 'string' },
)
const param: fc.Arbitrary<AbiParameter> = fc.letrec<{ p: AbiParameter }>((tie) => ({
  p: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'p' },
    leaf,
    tie('p').map((e) => ({ ...e, type: `${e.type}[]` }) as AbiParameter),
    fc.tuple(tie('p'), fc.integer({ min: 1, max: 3 })).map(([e, n]) => ({ ...e, type: `${e.type}[${n}]` }) as AbiParameter),
    fc.array(tie('p'), { minLength: 1, maxLength: 3 }).map((cs) => ({ type: 'tuple', components: cs.map((c, i) => ({ ...c, name: `c${i}` })) }) as AbiParameter),
  ),
})).p

/** A value of `p`; arrays get 0..2 elements. */
function sample(p: AbiParameter, seed: number): unknown {
  const element = elementParameter(p)
  if (element) {
    const length = fixedArrayLength(p) ?? seed % 3
    return Array.from({ length }, (_, i) => sample(element, seed + i + 1))
  }
  if (p.type === 'tuple' && 'components' in p) return Object.fromEntries(p.components.map((c, i) => [c.name!, sample(c, seed + i)]))
  switch (p.type) {
    case 'address':
      return `0x${(seed % 256).toString(16).padStart(40, '0')}`
    case 'bool':
      return seed % 2 === 0
    case 'bytes32':
      return `0x${'cd'.repeat(32)}`
    case 'bytes':
      return `0x${'ab'.repeat(seed % 40)}`
    case 'string':
      return 'x'.repeat(seed % 40)
    case 'int24':
      return -(seed % 100)
    case 'uint8':
      return seed % 256
    default:
      return BigInt(seed)
  }
}

const marker = 0xdeadbeefn

describe('abiLayout', () => {
  test('isDynamicParameter and staticSize agree with viem: a static value is inline, a dynamic one is an offset', () => {
    fc.assert(
      fc.property(param, fc.nat(1000), (p, seed) => {
        // Encode (p, marker): the marker word sits right after p's head part.
        const encoded = encodeAbiParameters([p, { type: 'uint256' }], [sample(p, seed), marker])
        const word = (at: number) => hexToBigInt(sliceHex(encoded, at, at + 32))
        if (isDynamicParameter(p)) {
          expect(word(0)).toBe(64n)
          expect(word(32)).toBe(marker)
        } else {
          const bytes = staticSize(p)
          expect(word(bytes)).toBe(marker)
          expect(size(encoded)).toBe(bytes + 32)
        }
      }),
      { numRuns: 300 },
    )
  })

  test('canonicalType gives the signature viem hashes into the selector', () => {
    fc.assert(
      fc.property(fc.array(param, { maxLength: 3 }), (inputs) => {
        const fn: AbiFunction = { type: 'function', name: 'f', inputs: inputs.map((p, i) => ({ ...p, name: `a${i}` })), outputs: [], stateMutability: 'nonpayable' }
        expect(toFunctionSelector(`f(${fn.inputs.map(canonicalType).join(',')})`)).toBe(toFunctionSelector(fn))
      }),
      { numRuns: 200 },
    )
  })

  test('hand vectors: element types, fixed lengths, components, canonical types', () => {
    const pair = { type: 'tuple', components: [{ name: 'a', type: 'uint256' }, { name: 'b', type: 'bytes' }] } as const
    expect(elementParameter({ type: 'uint256[]' })).toEqual({ type: 'uint256' })
    expect(elementParameter({ type: 'uint256[2][]' })).toEqual({ type: 'uint256[2]' })
    expect(elementParameter({ type: 'uint256[][3]' })).toEqual({ type: 'uint256[]' })
    expect(elementParameter({ type: 'uint256[12]', name: 'x' })).toEqual({ type: 'uint256', name: 'x' })
    expect(elementParameter({ ...pair, type: 'tuple[]' })).toEqual(pair)
    expect(elementParameter({ type: 'uint256' })).toBeUndefined()
    expect(elementParameter({ type: 'bytes32' })).toBeUndefined()
    expect(fixedArrayLength({ type: 'uint256[12]' })).toBe(12)
    expect(fixedArrayLength({ type: 'uint256[][3]' })).toBe(3)
    expect(fixedArrayLength({ type: 'uint256[3][]' })).toBeUndefined()
    expect(fixedArrayLength({ type: 'bytes32' })).toBeUndefined()
    expect(tupleComponents(pair)).toBe(pair.components)
    expect(tupleComponents({ ...pair, type: 'tuple[]' })).toBeUndefined()
    expect(tupleComponents({ type: 'tuple' } as AbiParameter)).toBeUndefined()
    expect(canonicalType({ ...pair, type: 'tuple[2][]' })).toBe('(uint256,bytes)[2][]')
    expect(canonicalType({ type: 'tuple' } as AbiParameter)).toBe('tuple')
    expect(canonicalType({ type: 'bytes32' })).toBe('bytes32')
    expect(isDynamicParameter(pair)).toBe(true)
    expect(isDynamicParameter({ type: 'tuple', components: [{ type: 'uint256' }] } as AbiParameter)).toBe(false)
    expect(isDynamicParameter({ type: 'tuple' } as AbiParameter)).toBe(false)
    expect(isDynamicParameter({ type: 'string[2]' })).toBe(true)
    expect(isDynamicParameter({ type: 'bytes32' })).toBe(false)
    expect(staticSize({ type: 'tuple', components: [{ type: 'uint256[3]' }, { type: 'bool' }] } as AbiParameter)).toBe(128)
    expect(staticSize({ type: 'uint256[2][3]' })).toBe(192)
    expect(staticSize({ type: 'bytes32' })).toBe(32)
  })
})
