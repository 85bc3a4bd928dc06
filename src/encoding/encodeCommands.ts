import type { AbiParameter, Hex } from 'viem'
import { InvalidPlannerCallError, InvalidReturnValueUseError } from '../errors/encoding.js'
import { canonicalType, elementParameter, fixedArrayLength, isDynamicParameter, staticSize, tupleComponents } from './abiLayout.js'
import type { Call } from './call.js'
import { indexBytes } from './commandFormat.js'
import { commandWords } from './commandWords.js'
import { dynamicTail, encodeLiteral } from './encodeLiteral.js'
import { isPlanner } from './isPlanner.js'
import type { PlanEncodingContext } from './planEncodingContext.js'
import type { EncodablePlanner as Planner, PlannedCommand } from './plannedCommand.js'
import { literalSlot, newSlot } from './stateSlots.js'
import { ReturnValue, StateValue } from './value.js'

/**
 * Encodes the commands of `planner` (the root, or a subplan: arguments that are subplans are encoded
 * here too, into literal slots), allocating state slots as it goes. At the root, the slot of a return
 * value is freed once its last reader has run.
 * @throws InvalidPlannerCallError, InvalidReturnValueUseError, TooManyArgumentsError, TooManyStateSlotsError
 */
export function encodeCommands(ctx: PlanEncodingContext, planner: Planner): Hex[] {
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
function releaseSlots(ctx: PlanEncodingContext, index: number): void {
  for (const [producer, slot] of ctx.returnSlots) {
    const info = ctx.info.get(producer)!
    if (info.planner !== ctx.root || ctx.freeSlots.includes(slot) || isKept(ctx, producer)) continue
    const last = Math.max(...(ctx.consumers.get(producer) ?? []).map((c) => ctx.info.get(c)!.rootIndex))
    if (last === index) ctx.freeSlots.push(slot)
  }
}

function outputIndex(ctx: PlanEncodingContext, command: PlannedCommand, isRoot: boolean): number {
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
function isKept(ctx: PlanEncodingContext, command: PlannedCommand): boolean {
  return command.returnValue !== undefined && ctx.root.kept.includes(command.returnValue)
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
function encodeArgument(ctx: PlanEncodingContext, call: Call, param: AbiParameter, value: unknown): number[] {
  if (value instanceof ReturnValue) {
    const producer = value.command as PlannedCommand
    const slot = ctx.returnSlots.get(producer)
    if (!value.param || slot === undefined) throw new InvalidReturnValueUseError({ functionName: call.label, reason: 'the producing call returns nothing usable' })
    if (!sameShape(param, value.param)) {
      throw new InvalidReturnValueUseError({ functionName: call.label, reason: `a ${canonicalType(value.param)} value cannot be passed as ${canonicalType(param)}` })
    }
    return [isDynamicParameter(value.param) ? slot | indexBytes.variableLength : slot]
  }
  if (value instanceof StateValue) {
    if (param.type !== 'bytes[]') throw new InvalidPlannerCallError({ functionName: call.label, reason: `planner.state needs a bytes[] parameter, not ${param.type}` })
    return [indexBytes.useState]
  }
  if (isPlanner(value)) {
    if (param.type !== 'bytes32[]') throw new InvalidPlannerCallError({ functionName: call.label, reason: `a subplan needs a bytes32[] parameter, not ${param.type}` })
    const commands = encodeCommands(ctx, value)
    return [literalSlot(ctx, dynamicTail(call, param, commands)) | indexBytes.variableLength]
  }
  const element = elementParameter(param)
  const components = tupleComponents(param)
  const inline = !isDynamicParameter(param) && staticSize(param) !== 32
  if (containsHandle(value) || inline) {
    if (element && param.type.endsWith('[]')) {
      if (!Array.isArray(value)) throw new InvalidPlannerCallError({ functionName: call.label, reason: `${param.type} needs an array` })
      return [indexBytes.arrayStart, ...value.flatMap((v: unknown) => encodeArgument(ctx, call, element, v)), indexBytes.dynamicEnd]
    }
    if (element) {
      const length = fixedArrayLength(param)!
      if (!Array.isArray(value) || value.length !== length) throw new InvalidPlannerCallError({ functionName: call.label, reason: `${param.type} needs ${length} elements` })
      return [indexBytes.tupleStart, ...value.flatMap((v: unknown) => encodeArgument(ctx, call, element, v)), indexBytes.dynamicEnd]
    }
    if (components) {
      const values = Array.isArray(value) ? value : components.map((c) => (value as Record<string, unknown>)[c.name ?? ''])
      if (values.length !== components.length) throw new InvalidPlannerCallError({ functionName: call.label, reason: 'tuple arity mismatch' })
      return [indexBytes.tupleStart, ...components.flatMap((c, k) => encodeArgument(ctx, call, c, values[k])), indexBytes.dynamicEnd]
    }
    throw new InvalidPlannerCallError({ functionName: call.label, reason: `a handle cannot be nested inside ${param.type}` })
  }
  if (isDynamicParameter(param)) return [literalSlot(ctx, dynamicTail(call, param, value)) | indexBytes.variableLength]
  return [literalSlot(ctx, encodeLiteral(call, param, value))]
}
