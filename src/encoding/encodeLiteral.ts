import { type AbiParameter, type Hex, encodeAbiParameters, getAddress, sliceHex } from 'viem'
import { InvalidAbiValueError, InvalidPlannerCallError } from '../errors/encoding.js'
import { abiWords } from './abiWords.js'
import type { Call } from './call.js'

/** `uint<N>` types by name: their largest value. */
const UINT_MAX = new Map<string, bigint>(Array.from({ length: 32 }, (_, i) => [`uint${8 * (i + 1)}`, (1n << BigInt(8 * (i + 1))) - 1n] as const))
UINT_MAX.set('uint', (1n << 256n) - 1n)

/** Mixed-case addresses whose checksum was checked: a worker's plans name the same few hundred contracts. */
const checksummed = new Set<string>()

/**
 * The word of the literal types every route plan is made of (address, uint<N>, bool, bytes32), written by
 * {@link abiWords} as viem's `encodeAbiParameters` writes it, and refusing what viem refuses (an address
 * with a wrong checksum, an integer out of its type's range, a bytes32 of another size): undefined then,
 * and for every other type.
 */
function staticWord(type: string, value: unknown): string | undefined {
  try {
    if (type === 'address' && typeof value === 'string') {
      const word = abiWords.address(value)
      // viem's strict check: any address not all lowercase must be its own checksum (all uppercase too).
      if (value === value.toLowerCase() || checksummed.has(value)) return word
      if (getAddress(value) !== value) return undefined
      if (checksummed.size >= 10_000) checksummed.clear()
      checksummed.add(value)
      return word
    }
    const max = UINT_MAX.get(type)
    if (max !== undefined && (typeof value === 'bigint' || typeof value === 'number') && value <= max) return abiWords.uint(value)
    if (type === 'bool' && typeof value === 'boolean') return abiWords.uint(value ? 1 : 0)
    if (type === 'bytes32' && typeof value === 'string') return abiWords.bytes32(value)
  } catch (error) {
    if (error instanceof InvalidAbiValueError) return undefined
    throw error
  }
  return undefined
}

/**
 * ABI-encodes one literal argument of `call`. The static types every plan is made of are written
 * directly (a route plan holds dozens: each a generic ABI walk otherwise); anything else, and any value
 * they refuse, goes through viem (whose error is the cause of the one thrown).
 * @throws InvalidPlannerCallError when `value` is not a `param`
 */
export function encodeLiteral(call: Call, param: AbiParameter, value: unknown): Hex {
  const word = staticWord(param.type, value)
  if (word !== undefined) return `0x${word}`
  try {
    return encodeAbiParameters([param], [value])
  } catch (cause) {
    throw new InvalidPlannerCallError({ functionName: call.label, reason: `cannot encode ${String(value)} as ${param.type}`, cause })
  }
}

/**
 * ABI tail of a dynamic value: its encoding without the leading offset word.
 * @throws InvalidPlannerCallError
 */
export function dynamicTail(call: Call, param: AbiParameter, value: unknown): Hex {
  return sliceHex(encodeLiteral(call, param, value), 32)
}
