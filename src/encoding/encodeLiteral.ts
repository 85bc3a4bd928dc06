import { type AbiParameter, type Hex, encodeAbiParameters, sliceHex } from 'viem'
import { InvalidPlannerCallError } from '../errors/encoding.js'
import type { Call } from './call.js'

/**
 * ABI-encodes one literal argument of `call`.
 * @throws InvalidPlannerCallError when `value` is not a `param`
 */
export function encodeLiteral(call: Call, param: AbiParameter, value: unknown): Hex {
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
