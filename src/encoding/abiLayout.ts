import type { AbiParameter } from 'viem'

const fixedArray = /^(.*)\[(\d+)\]$/

/** The element type of an array parameter (`uint256[]` → `uint256`, `tuple[2]` → `tuple`), keeping components. */
export function elementParameter(param: AbiParameter): AbiParameter | undefined {
  if (param.type.endsWith('[]')) return { ...param, type: param.type.slice(0, -2) }
  const match = fixedArray.exec(param.type)
  return match ? { ...param, type: match[1]! } : undefined
}

/** The length of a fixed-size array type (`T[3]` → 3), else undefined. */
export function fixedArrayLength(param: AbiParameter): number | undefined {
  const match = fixedArray.exec(param.type)
  return match ? Number(match[2]) : undefined
}

/** Components of a tuple parameter, else undefined. */
export function tupleComponents(param: AbiParameter): readonly AbiParameter[] | undefined {
  return param.type === 'tuple' && 'components' in param ? param.components : undefined
}

/** True when the ABI encoding of `param` is dynamic (goes behind an offset). */
export function isDynamicParameter(param: AbiParameter): boolean {
  if (param.type === 'bytes' || param.type === 'string' || param.type.endsWith('[]')) return true
  const element = elementParameter(param)
  if (element) return isDynamicParameter(element)
  const components = tupleComponents(param)
  return components ? components.some(isDynamicParameter) : false
}

/** Size in bytes of a static parameter's inline encoding (32 for single-word types). */
export function staticSize(param: AbiParameter): number {
  const element = elementParameter(param)
  const length = fixedArrayLength(param)
  if (element && length !== undefined) return length * staticSize(element)
  const components = tupleComponents(param)
  if (components) return components.reduce((sum, c) => sum + staticSize(c), 0)
  return 32
}

/** Canonical type string, tuples expanded (`(address,uint256)[]`). */
export function canonicalType(param: AbiParameter): string {
  if (param.type.startsWith('tuple') && 'components' in param) {
    return `(${param.components.map(canonicalType).join(',')})${param.type.slice('tuple'.length)}`
  }
  return param.type
}
