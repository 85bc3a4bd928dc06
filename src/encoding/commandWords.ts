import { type Hex, concatHex, numberToHex, toHex } from 'viem'
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
  const inputs = extended ? '0x000000000000' : padIndices(indices, 6)
  const word = concatHex([callSelector(call), numberToHex(flags, { size: 1 }), inputs, numberToHex(output, { size: 1 }), call.target])
  return extended ? [word.toLowerCase() as Hex, padIndices(indices, 32)] : [word.toLowerCase() as Hex]
}

function padIndices(indices: number[], size: number): Hex {
  const bytes = new Uint8Array(size).fill(0xff)
  bytes.set(indices)
  return toHex(bytes)
}
