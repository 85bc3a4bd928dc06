import { type AbiParameter, getAddress, isAddress } from 'viem'
import { canonicalType, elementParameter, fixedArrayLength, tupleComponents } from '../../encoding/abiLayout.js'
import { ReturnValue } from '../../encoding/value.js'
import { isBundleRef } from '../bundle/args.js'
import type { BundleActionContext, BundleRef } from '../bundle/types.js'

/** A JSON argument of `enso call` as its schema parses it (references stamped, tuples as arrays or objects). */
export type CallArg = string | number | boolean | BundleRef | CallArg[] | { [name: string]: CallArg }

/** Parameters of {@link toCallArgument}. */
export type ToCallArgumentParameters = {
  /** The ABI parameter the value fills (components kept for tuples). */
  param: AbiParameter
  /** The caller's JSON value. */
  value: CallArg
  /** Where the value sits in the action's arguments (`args[1]`, `args[0].recipient`), for errors. */
  field: string
}

const INTEGER = /^(u?)int([0-9]*)$/
const FIXED_BYTES = /^bytes([0-9]+)$/
const DECIMAL = /^-?(0|[1-9][0-9]{0,77})$/
const HEX = /^0x([0-9a-fA-F]{2})*$/

const isObject = (value: unknown): value is Record<string, CallArg> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Converts one `enso call` argument to the value its ABI type encodes, checking everything the
 * encoder would refuse, so no argument reaches the planner that cannot be encoded (a bad value used to
 * surface there as a 500): integers must fit their width (`uint8`, `int256`), fixed arrays their
 * length, `bytesN` exactly N bytes, addresses their checksum. Tuples come as an array of their
 * components in order, or, when every component is named, as an object keyed by those names; they
 * are returned as arrays, which the encoder and the planner read by position. A reference
 * (`{ useOutputOfCallAt }`) may fill an integer or bool, at any depth (the planner wires it into
 * tuples and arrays).
 * @param ctx - the action's build context (resolves references, reports errors)
 * @param params - {@link ToCallArgumentParameters}
 * @returns the value for viem's encoder: bigint, boolean, checksummed address, hex, string, or arrays of them
 * @throws InvalidBundleError (through `ctx.fail`): INVALID_TYPE, INVALID_ADDRESS, INVALID_CHECKSUM or
 *   INVALID_REFERENCE, naming the argument (`actions[0].args.args[1][2]`)
 */
export function toCallArgument(ctx: BundleActionContext, { param, value, field }: ToCallArgumentParameters): unknown {
  const type = param.type
  const abiType = canonicalType(param)
  if (isBundleRef(value)) return referenceArgument(ctx, { param, value, field })
  if (isObject(value) && 'useOutputOfCallAt' in value) {
    return ctx.fail('INVALID_REFERENCE', field, 'a reference is { useOutputOfCallAt: <earlier action>, index?: <output> } and nothing else')
  }
  const element = elementParameter(param)
  if (element) {
    const length = fixedArrayLength(param)
    if (!Array.isArray(value)) return ctx.fail('INVALID_TYPE', field, `must be an array for ${abiType}`)
    if (length !== undefined && value.length !== length) return ctx.fail('INVALID_TYPE', field, `${abiType} takes exactly ${length} items, got ${value.length}`)
    return value.map((v, i) => toCallArgument(ctx, { param: element, value: v, field: `${field}[${i}]` }))
  }
  const components = tupleComponents(param)
  if (components) return tupleArgument(ctx, { components, abiType, value, field })
  const integer = INTEGER.exec(type)
  if (integer) return integerArgument(ctx, { signed: integer[1] === '', bits: integer[2] === '' ? 256 : Number(integer[2]), type, value, field })
  if (type === 'bool') {
    if (typeof value !== 'boolean') return ctx.fail('INVALID_TYPE', field, 'must be true or false for bool')
    return value
  }
  if (type === 'string') {
    if (typeof value !== 'string') return ctx.fail('INVALID_TYPE', field, 'must be a string for string')
    return value
  }
  if (typeof value !== 'string') return ctx.fail('INVALID_TYPE', field, `must be a string for ${type}`)
  if (type === 'address') return addressArgument(ctx, { value, field })
  if (!HEX.test(value)) return ctx.fail('INVALID_TYPE', field, `must be 0x-prefixed hex of whole bytes for ${type}`)
  const fixed = FIXED_BYTES.exec(type)
  if (fixed && (value.length - 2) / 2 !== Number(fixed[1])) {
    return ctx.fail('INVALID_TYPE', field, `${type} takes exactly ${fixed[1]} bytes (0x and ${2 * Number(fixed[1])} hex digits), got ${(value.length - 2) / 2}`)
  }
  if (fixed || type === 'bytes') return value
  return ctx.fail('INVALID_TYPE', field, `parameters of type ${type} are not supported`)
}

function referenceArgument(ctx: BundleActionContext, { param, value, field }: { param: AbiParameter; value: BundleRef; field: string }): unknown {
  const isInteger = INTEGER.test(param.type)
  if (!isInteger && param.type !== 'bool') return ctx.fail('INVALID_REFERENCE', field, `a reference can only fill an integer or bool parameter, not ${canonicalType(param)}`)
  const resolved = ctx.amount(value).value
  if (isInteger || resolved instanceof ReturnValue) return resolved
  // A bool filled by an output known when planning: only 0 and 1 are booleans.
  if (resolved === 0n || resolved === 1n) return resolved === 1n
  return ctx.fail('INVALID_REFERENCE', field, `action ${value.at} output ${value.index} is ${String(resolved)}, not a bool (0 or 1)`)
}

function tupleArgument(
  ctx: BundleActionContext,
  { components, abiType, value, field }: { components: readonly AbiParameter[]; abiType: string; value: CallArg; field: string },
): unknown[] {
  const names = components.map((c) => c.name ?? '')
  const named = names.every((n) => n !== '') && new Set(names).size === names.length
  if (Array.isArray(value)) {
    if (value.length !== components.length) return ctx.fail('INVALID_TYPE', field, `${abiType} takes ${components.length} components, got ${value.length}`)
    return components.map((c, i) => toCallArgument(ctx, { param: c, value: value[i]!, field: `${field}[${i}]` }))
  }
  if (!isObject(value)) {
    return ctx.fail('INVALID_TYPE', field, `must be an array of ${components.length} components${named ? ` or an object with keys ${names.join(', ')}` : ''} for ${abiType}`)
  }
  if (!named) return ctx.fail('INVALID_TYPE', field, `the components of ${abiType} have no names in the signature: give them as an array of ${components.length}`)
  const byName: Record<string, CallArg> = value
  const unknown = Object.keys(byName).filter((k) => !names.includes(k))
  if (unknown.length > 0) return ctx.fail('INVALID_TYPE', `${field}.${unknown[0]}`, `not a component of ${abiType} (its components: ${names.join(', ')})`)
  const missing = names.find((n) => !Object.hasOwn(byName, n))
  if (missing !== undefined) return ctx.fail('INVALID_TYPE', `${field}.${missing}`, `missing: ${abiType} needs every component (${names.join(', ')})`)
  return components.map((c, i) => toCallArgument(ctx, { param: c, value: byName[names[i]!]!, field: `${field}.${names[i]}` }))
}

function integerArgument(
  ctx: BundleActionContext,
  { signed, bits, type, value, field }: { signed: boolean; bits: number; type: string; value: CallArg; field: string },
): bigint {
  let n: bigint
  if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value)
  else if (typeof value === 'string' && DECIMAL.test(value)) n = BigInt(value)
  else return ctx.fail('INVALID_TYPE', field, `must be an integer for ${type} (a base-10 string; numbers only up to 2^53-1)`)
  const [min, max, range] = signed
    ? [-(2n ** BigInt(bits - 1)), 2n ** BigInt(bits - 1) - 1n, `-2^${bits - 1} to 2^${bits - 1}-1`]
    : [0n, 2n ** BigInt(bits) - 1n, `0 to 2^${bits}-1`]
  if (n < min || n > max) return ctx.fail('INVALID_TYPE', field, `out of range for ${type} (${range})`)
  return n
}

function addressArgument(ctx: BundleActionContext, { value, field }: { value: string; field: string }): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return ctx.fail('INVALID_ADDRESS', field, 'must be 0x followed by 40 hex digits for address')
  const hex = value.slice(2)
  if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase() && !isAddress(value, { strict: true })) {
    return ctx.fail('INVALID_CHECKSUM', field, 'mixed-case address fails its EIP-55 checksum')
  }
  return getAddress(`0x${hex.toLowerCase()}`)
}
