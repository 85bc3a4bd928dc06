import { type AbiParameter, type Hex, concatHex, encodeAbiParameters, numberToHex, sliceHex, toHex } from 'viem'
import {
  InvalidPlannerCallError,
  InvalidReturnValueUseError,
  TooManyArgumentsError,
  TooManyStateSlotsError,
} from '../errors/encoding.js'
import { canonicalType, elementParameter, fixedArrayLength, isDynamicParameter, staticSize, tupleComponents } from './abiLayout.js'
import { type Call, callSelector } from './call.js'
import type { EncodablePlanner as Planner, PlannedCommand, PlanReturnType } from './plannedCommand.js'
import { ReturnValue, StateValue } from './value.js'

export type EncodePlanErrorType = InvalidPlannerCallError | InvalidReturnValueUseError | TooManyArgumentsError | TooManyStateSlotsError

/** Flag bits of a command (byte 4). */
export const commandFlags = {
  call: 0x01,
  staticcall: 0x02,
  valuecall: 0x03,
  data: 0x20,
  extended: 0x40,
  tupleReturn: 0x80,
} as const

/** Special index bytes. */
export const indexBytes = {
  variableLength: 0x80,
  endOfArgs: 0xff,
  useState: 0xfe,
  arrayStart: 0xfd,
  tupleStart: 0xfc,
  dynamicEnd: 0xfb,
} as const

/** Slots 0..122: 0xfb..0xff are markers, so a variable-length slot index must stay below 0x7b. */
export const maxStateSlots = 123

type CommandInfo = {
  /** Execution order across the whole plan tree; a subplan's commands precede the command running them. */
  seq: number
  /** Index of the root-level command during which this one runs. */
  rootIndex: number
  /** The planner holding the command. */
  planner: Planner
}

type Context = {
  root: Planner
  info: Map<PlannedCommand, CommandInfo>
  /** The command whose subplan argument is `planner` (undefined for the root). */
  parentOf: Map<Planner, PlannedCommand | undefined>
  /** Consumers of each handle's command. */
  consumers: Map<PlannedCommand, PlannedCommand[]>
  state: Hex[]
  literalSlots: Map<Hex, number>
  returnSlots: Map<PlannedCommand, number>
  freeSlots: number[]
}

/**
 * Encodes a planner (and its subplans) into `executeShortcut` commands and state. Literals are deduplicated;
 * the slots of root-level return values are reused once their last reader has run.
 * @throws {@link EncodePlanErrorType}
 */
export function encodePlan(root: Planner): PlanReturnType {
  const ctx: Context = {
    root,
    info: new Map(),
    parentOf: new Map([[root, undefined]]),
    consumers: new Map(),
    state: [],
    literalSlots: new Map(),
    returnSlots: new Map(),
    freeSlots: [],
  }
  let seq = 0
  const visit = (planner: Planner, rootIndex: number | undefined): void => {
    planner.commands.forEach((command, i) => {
      const at = rootIndex ?? i
      for (const arg of command.call.args) {
        if (!isPlanner(arg)) continue
        if (ctx.parentOf.has(arg)) throw new InvalidPlannerCallError({ functionName: command.call.label, reason: 'a subplan may appear only once in a plan' })
        ctx.parentOf.set(arg, command)
        visit(arg, at)
      }
      ctx.info.set(command, { seq: seq++, rootIndex: at, planner })
    })
  }
  visit(root, undefined)
  for (const [command] of ctx.info) {
    for (const handle of handlesOf(command.call)) {
      const producer = handle.command as PlannedCommand
      checkVisible(ctx, producer, command)
      const list = ctx.consumers.get(producer) ?? []
      list.push(command)
      ctx.consumers.set(producer, list)
    }
  }
  const commands = encodeCommands(ctx, root)
  if (root.kept.length === 0) return { commands, state: ctx.state }
  const keptSlots = root.kept.map((handle) => ctx.returnSlots.get(handle.command as PlannedCommand)!)
  return { commands, state: ctx.state, keptSlots }
}

/** Duck-typed (planner.ts imports this module, not the reverse): methods, so a struct literal with fields named `plan` is not one. */
function isPlanner(value: unknown): value is Planner {
  return typeof value === 'object' && value !== null && typeof (value as Planner).plan === 'function' && typeof (value as Planner).addSubplan === 'function'
}

function handlesOf(call: Call): ReturnValue[] {
  const found: ReturnValue[] = []
  const walk = (value: unknown): void => {
    if (value instanceof ReturnValue) found.push(value)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object' && !(value instanceof StateValue) && !isPlanner(value)) Object.values(value).forEach(walk)
  }
  call.args.forEach(walk)
  if (call.value instanceof ReturnValue) found.push(call.value)
  return found
}

/** Ancestor planners of `planner`, itself first. */
function plannerChain(ctx: Context, planner: Planner): Planner[] {
  const chain: Planner[] = []
  for (let p: Planner | undefined = planner; p; ) {
    chain.push(p)
    const parent = ctx.parentOf.get(p)
    p = parent ? ctx.info.get(parent)?.planner : undefined
  }
  return chain
}

function checkVisible(ctx: Context, producer: PlannedCommand, consumer: PlannedCommand): void {
  const name = consumer.call.label
  const consumerInfo = ctx.info.get(consumer)!
  let current = producer
  let info = ctx.info.get(current)
  if (!info) throw new InvalidReturnValueUseError({ functionName: name, reason: 'the handle comes from a call that is not part of this plan' })
  const chain = plannerChain(ctx, consumerInfo.planner)
  while (!chain.includes(info.planner)) {
    const enclosing = ctx.parentOf.get(info.planner)
    if (!enclosing) throw new InvalidReturnValueUseError({ functionName: name, reason: 'the handle comes from an unrelated subplan' })
    if (!enclosing.replacesState) {
      throw new InvalidReturnValueUseError({ functionName: name, reason: 'the handle is produced inside a subplan whose call does not replace the state' })
    }
    current = enclosing
    info = ctx.info.get(current)!
  }
  if (info.seq >= consumerInfo.seq) throw new InvalidReturnValueUseError({ functionName: name, reason: 'the handle is produced later than it is used' })
}

function encodeCommands(ctx: Context, planner: Planner): Hex[] {
  const isRoot = planner === ctx.root
  const words: Hex[] = []
  planner.commands.forEach((command, i) => {
    const { call } = command
    const indices: number[] = []
    if (call.callType === 'valuecall') indices.push(...encodeArgument(ctx, call, { type: 'uint256' }, call.value))
    if (call.data !== undefined) {
      indices.push(literalSlot(ctx, call.data))
    } else {
      call.abiFunction!.inputs.forEach((input, k) => indices.push(...encodeArgument(ctx, call, input, call.args[k])))
    }
    if (isRoot) releaseSlots(ctx, i)
    const output = outputIndex(ctx, command, isRoot)
    words.push(...commandWords(call, indices, output))
  })
  return words
}

/** Frees the slots of root-level values whose last reader is root command `index`. */
function releaseSlots(ctx: Context, index: number): void {
  for (const [producer, slot] of ctx.returnSlots) {
    const info = ctx.info.get(producer)!
    if (info.planner !== ctx.root || ctx.freeSlots.includes(slot) || isKept(ctx, producer)) continue
    const last = Math.max(...(ctx.consumers.get(producer) ?? []).map((c) => ctx.info.get(c)!.rootIndex))
    if (last === index) ctx.freeSlots.push(slot)
  }
}

function outputIndex(ctx: Context, command: PlannedCommand, isRoot: boolean): number {
  if (command.replacesState) return indexBytes.useState
  if (!command.returnValue || (!ctx.consumers.has(command) && !isKept(ctx, command))) return indexBytes.endOfArgs
  const param = command.returnValue.param
  if (!param) {
    throw new InvalidReturnValueUseError({ functionName: command.call.label, reason: 'the call returns nothing usable; several return values need .rawValue()' })
  }
  const dynamic = isDynamicParameter(param)
  if (!dynamic && staticSize(param) !== 32) {
    throw new InvalidReturnValueUseError({ functionName: command.call.label, reason: 'a multi-word static return value needs .rawValue()' })
  }
  // A freed slot is a return slot, so its initial state is already '0x'.
  const slot = (isRoot ? ctx.freeSlots.shift() : undefined) ?? newSlot(ctx, '0x')
  ctx.returnSlots.set(command, slot)
  return dynamic ? slot | indexBytes.variableLength : slot
}

/** Whether a root command's result was pinned with `Planner.keep`. */
function isKept(ctx: Context, command: PlannedCommand): boolean {
  return command.returnValue !== undefined && ctx.root.kept.includes(command.returnValue)
}

function newSlot(ctx: Context, value: Hex): number {
  if (ctx.state.length >= maxStateSlots) throw new TooManyStateSlotsError({ max: maxStateSlots })
  ctx.state.push(value)
  return ctx.state.length - 1
}

function literalSlot(ctx: Context, value: Hex): number {
  const key = value.toLowerCase() as Hex
  const known = ctx.literalSlots.get(key)
  if (known !== undefined) return known
  const slot = newSlot(ctx, key)
  ctx.literalSlots.set(key, slot)
  return slot
}

function containsHandle(value: unknown): boolean {
  if (value instanceof ReturnValue || value instanceof StateValue || isPlanner(value)) return true
  if (Array.isArray(value)) return value.some(containsHandle)
  if (value && typeof value === 'object') return Object.values(value).some(containsHandle)
  return false
}

function sameShape(param: AbiParameter, produced: AbiParameter): boolean {
  const dynamic = isDynamicParameter(param)
  if (dynamic !== isDynamicParameter(produced)) return false
  if (!dynamic) return staticSize(param) === 32 && staticSize(produced) === 32
  // Compare the expanded types: two tuples (or tuple arrays) differ when their components do.
  return canonicalType(param) === canonicalType(produced) || (param.type === 'bytes' && produced.type === 'string')
}

/** Returns the index bytes of one argument, allocating state slots as needed. */
function encodeArgument(ctx: Context, call: Call, param: AbiParameter, value: unknown): number[] {
  const name = call.label
  if (value instanceof ReturnValue) {
    const producer = value.command as PlannedCommand
    const slot = ctx.returnSlots.get(producer)
    if (!value.param || slot === undefined) throw new InvalidReturnValueUseError({ functionName: name, reason: 'the producing call returns nothing usable' })
    if (!sameShape(param, value.param)) {
      throw new InvalidReturnValueUseError({ functionName: name, reason: `a ${canonicalType(value.param)} value cannot be passed as ${canonicalType(param)}` })
    }
    return [isDynamicParameter(value.param) ? slot | indexBytes.variableLength : slot]
  }
  if (value instanceof StateValue) {
    if (param.type !== 'bytes[]') throw new InvalidPlannerCallError({ functionName: name, reason: `planner.state needs a bytes[] parameter, not ${param.type}` })
    return [indexBytes.useState]
  }
  if (isPlanner(value)) {
    if (param.type !== 'bytes32[]') throw new InvalidPlannerCallError({ functionName: name, reason: `a subplan needs a bytes32[] parameter, not ${param.type}` })
    const commands = encodeCommands(ctx, value)
    return [literalSlot(ctx, dynamicTail(call, param, commands)) | indexBytes.variableLength]
  }
  const element = elementParameter(param)
  const components = tupleComponents(param)
  const inline = !isDynamicParameter(param) && staticSize(param) !== 32
  if (containsHandle(value) || inline) {
    if (element && param.type.endsWith('[]')) {
      if (!Array.isArray(value)) throw new InvalidPlannerCallError({ functionName: name, reason: `${param.type} needs an array` })
      return [indexBytes.arrayStart, ...value.flatMap((v: unknown) => encodeArgument(ctx, call, element, v)), indexBytes.dynamicEnd]
    }
    if (element) {
      const length = fixedArrayLength(param)!
      if (!Array.isArray(value) || value.length !== length) throw new InvalidPlannerCallError({ functionName: name, reason: `${param.type} needs ${length} elements` })
      return [indexBytes.tupleStart, ...value.flatMap((v: unknown) => encodeArgument(ctx, call, element, v)), indexBytes.dynamicEnd]
    }
    if (components) {
      const values = Array.isArray(value) ? value : components.map((c) => (value as Record<string, unknown>)[c.name ?? ''])
      if (values.length !== components.length) throw new InvalidPlannerCallError({ functionName: name, reason: 'tuple arity mismatch' })
      return [indexBytes.tupleStart, ...components.flatMap((c, k) => encodeArgument(ctx, call, c, values[k])), indexBytes.dynamicEnd]
    }
    throw new InvalidPlannerCallError({ functionName: name, reason: `a handle cannot be nested inside ${param.type}` })
  }
  if (isDynamicParameter(param)) return [literalSlot(ctx, dynamicTail(call, param, value)) | indexBytes.variableLength]
  return [literalSlot(ctx, encodeLiteral(call, param, value))]
}

function encodeLiteral(call: Call, param: AbiParameter, value: unknown): Hex {
  try {
    return encodeAbiParameters([param], [value])
  } catch (cause) {
    throw new InvalidPlannerCallError({ functionName: call.label, reason: `cannot encode ${String(value)} as ${param.type}`, cause })
  }
}

/** ABI tail of a dynamic value: its encoding without the leading offset word. */
function dynamicTail(call: Call, param: AbiParameter, value: unknown): Hex {
  return sliceHex(encodeLiteral(call, param, value), 32)
}

function commandWords(call: Call, indices: number[], output: number): Hex[] {
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

