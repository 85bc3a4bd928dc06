import type { Hex } from 'viem'
import { TooManyArgumentsError } from '../errors/encoding.js'
import { type Call, callSelector } from './call.js'
import { commandFlags } from './commandFormat.js'

/**
 * The command word of `call` with its input and output indices: one word, or two for an extended
 * command (more than 6 inputs).
 * @throws TooManyArgumentsError past 32 input indices
 */
export function commandWords(call: Call, indices: number[], output: number): Hex[] {
  if (indices.length > 32) throw new TooManyArgumentsError({ functionName: call.label, count: indices.length })
  const extended = indices.length > 6
  const flags =
    commandFlags[call.callType] |
    (call.data !== undefined ? commandFlags.data : 0) |
    (extended ? commandFlags.extended : 0) |
    (call.rawReturn ? commandFlags.tupleReturn : 0)
  const inputs = extended ? '000000000000' : padIndices(indices, 6)
  // selector (4 bytes), flags (1), inputs (6), output (1), target (20).
  const word = `${callSelector(call)}${byteHex(flags)}${inputs}${byteHex(output)}${call.target.slice(2)}`
  return extended ? [word.toLowerCase() as Hex, `0x${padIndices(indices, 32)}`] : [word.toLowerCase() as Hex]
}

/** One byte as two hex digits (a flag set or an index: 0–255). */
function byteHex(value: number): string {
  return (value & 0xff).toString(16).padStart(2, '0')
}

/** `indices` as hex bytes, padded with 0xff to `size` bytes (no `0x`). */
function padIndices(indices: readonly number[], size: number): string {
  let out = ''
  for (let i = 0; i < size; i++) out += i < indices.length ? byteHex(indices[i]!) : 'ff'
  return out
}
