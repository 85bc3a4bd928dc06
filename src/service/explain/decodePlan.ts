import { concatHex, decodeAbiParameters, decodeFunctionData, getAddress, padHex, type AbiFunction, type AbiParameter, type Hex } from 'viem'
import { canonicalType, isDynamicParameter, tupleComponents } from '../../encoding/abiLayout.js'
import { commandFlags, indexBytes } from '../../encoding/commandFormat.js'
import type { ExplainedValue, ExplanationCommand, ExplanationCommandArgument } from './explanation.js'
import { decodeStaticWord } from './decodeStaticWord.js'
import { knownFunctions } from './knownFunctions.js'

/** Parameters of {@link decodePlan}: an encoded plan, as `executeShortcut` receives it. */
export type DecodePlanParameters = {
  commands: readonly Hex[]
  state: readonly Hex[]
  /** Function table by selector; {@link knownFunctions} by default. */
  functions?: ReadonlyMap<Hex, AbiFunction> | undefined
}

/** `name(type,…)`, tuples written out. */
const signatureOf = (fn: AbiFunction): string => `${fn.name}(${fn.inputs.map(canonicalType).join(',')})`

/** A top-level argument named by a command's index bytes. */
type Argument = { kind: 'slot'; slot: number; dynamic: boolean } | { kind: 'state' } | { kind: 'group'; members: Argument[] }

/** Splits a command's index bytes into its top-level arguments (inline tuples and arrays as groups). */
function argumentsOf(indices: readonly number[]): Argument[] {
  const stack: Argument[][] = [[]]
  for (const index of indices) {
    const top = stack[stack.length - 1]!
    if (index === indexBytes.endOfArgs && stack.length === 1) break
    if (index === indexBytes.arrayStart || index === indexBytes.tupleStart) {
      const group: Argument = { kind: 'group', members: [] }
      top.push(group)
      stack.push(group.members)
    } else if (index === indexBytes.dynamicEnd) {
      if (stack.length > 1) stack.pop()
    } else if (index === indexBytes.useState) top.push({ kind: 'state' })
    else if (index !== indexBytes.endOfArgs) top.push({ kind: 'slot', slot: index & 0x7f, dynamic: (index & indexBytes.variableLength) !== 0 })
  }
  return stack[0]!
}

function slotsOf(args: readonly Argument[]): number[] {
  return args.flatMap((a) => (a.kind === 'slot' ? [a.slot] : a.kind === 'group' ? slotsOf(a.members) : []))
}

/** A decoded ABI value as JSON-friendly strings and lists. */
export function toExplainedValue(value: unknown): ExplainedValue {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(toExplainedValue)
  if (value !== null && typeof value === 'object') return Object.values(value).map(toExplainedValue)
  return String(value)
}

/** Decodes the ABI value a state slot holds: static values inline, dynamic ones as their tail. */
function decodeWord(param: AbiParameter, word: Hex): ExplainedValue {
  const fast = decodeStaticWord(param.type, word)
  if (fast !== undefined) return fast
  try {
    const data = isDynamicParameter(param) ? concatHex([padHex('0x20', { size: 32 }), word]) : word
    return toExplainedValue(decodeAbiParameters([param], data)[0])
  } catch {
    return word
  }
}

/**
 * Decodes a weiroll plan back into its calls, as `contracts/router/WeirollVM.sol` reads them (see
 * `encoding/commandFormat.ts`): for each command its target, the function its selector names (from
 * the ABIs we hold), its arguments decoded from the plan's initial state, the slots it reads and the
 * slot it writes. An argument in a slot an earlier command writes is computed at execution time: its
 * value is `null` and `fromCommand` names that command. Raw-calldata commands decode their calldata.
 * Pure.
 *
 * @example
 * const plan = decodePlan({ commands: route.plan.commands, state: route.plan.state })
 */
export function decodePlan(p: DecodePlanParameters): ExplanationCommand[] {
  const functions = p.functions ?? knownFunctions
  const writer = new Map<number, number>()
  let replacedBy: number | undefined
  const out: ExplanationCommand[] = []
  for (let i = 0; i < p.commands.length; i++) {
    const word = p.commands[i]!
    if (word.length !== 66) continue
    const index = out.length
    const flags = Number.parseInt(word.slice(10, 12), 16)
    const extended = (flags & commandFlags.extended) !== 0
    const indexHex = extended ? p.commands[++i] : `0x${word.slice(12, 24)}`
    if (indexHex === undefined) break
    const indices = (indexHex.slice(2).match(/../g) ?? []).map((b) => Number.parseInt(b, 16))
    const selector = word.slice(0, 10).toLowerCase() as Hex
    const kind = flags & 0x03
    const callType = kind === commandFlags.staticcall ? 'staticcall' : kind === commandFlags.valuecall ? 'valuecall' : 'call'
    let args = argumentsOf(indices)
    const explained: ExplanationCommandArgument[] = []
    const fromSlot = (slot: number, param: AbiParameter | undefined, name?: string): ExplanationCommandArgument => {
      const base = { type: param ? canonicalType(param) : 'bytes32', ...(name ? { name } : param?.name ? { name: param.name } : {}), slot }
      const by = replacedBy ?? writer.get(slot)
      if (by !== undefined) return { ...base, value: null, fromCommand: by }
      const value = p.state[slot]
      return { ...base, value: value === undefined ? null : param ? decodeWord(param, value) : value }
    }
    if (callType === 'valuecall' && args[0]?.kind === 'slot') {
      explained.push(fromSlot(args[0].slot, { type: 'uint256', name: 'value' }))
      args = args.slice(1)
    }
    let fn: AbiFunction | undefined
    let signature: string
    if ((flags & commandFlags.data) !== 0) {
      const first = args[0]
      const calldata = first?.kind === 'slot' ? fromSlot(first.slot, { type: 'bytes', name: 'data' }) : undefined
      signature = 'raw call'
      if (calldata !== undefined) {
        explained.push(calldata)
        const data = calldata.value
        fn = typeof data === 'string' && data.length >= 10 ? functions.get(data.slice(0, 10).toLowerCase() as Hex) : undefined
        if (fn && typeof data === 'string') {
          signature = `raw call: ${signatureOf(fn)}`
          try {
            const decoded = decodeFunctionData({ abi: [fn], data: data as Hex })
            fn.inputs.forEach((input, k) => explained.push({ type: canonicalType(input), ...(input.name ? { name: input.name } : {}), value: toExplainedValue(decoded.args?.[k]) }))
          } catch {
            // Calldata that does not decode under the ABI stays as the raw bytes above.
          }
        }
      }
    } else {
      fn = functions.get(selector)
      signature = fn ? signatureOf(fn) : selector
      args.forEach((arg, k) => {
        const param = fn?.inputs[k]
        if (arg.kind === 'slot') explained.push(fromSlot(arg.slot, param))
        else if (arg.kind === 'state') explained.push({ type: 'bytes[]', name: param?.name || 'state', value: null })
        else {
          const components = param ? tupleComponents(param) : undefined
          const element = param && param.type.endsWith('[]') ? { ...param, type: param.type.slice(0, -2) } : undefined
          const members = arg.members.map((m, j): ExplainedValue => {
            if (m.kind !== 'slot') return ''
            const member = fromSlot(m.slot, components?.[j] ?? element)
            return member.value ?? `output of command ${member.fromCommand}`
          })
          explained.push({ type: param ? canonicalType(param) : 'tuple', ...(param?.name ? { name: param.name } : {}), value: members })
        }
      })
    }
    const output = Number.parseInt(word.slice(24, 26), 16)
    const writes = output === indexBytes.endOfArgs ? null : output === indexBytes.useState ? -1 : output & 0x7f
    out.push({
      index,
      target: getAddress(`0x${word.slice(26)}`),
      function: signature,
      selector,
      args: explained,
      reads: slotsOf(argumentsOf(indices)),
      writes,
      callType,
      flags,
    })
    if (writes === -1) replacedBy = index
    else if (writes !== null) writer.set(writes, index)
  }
  return out
}
