import { InvalidPlannerCallError, InvalidReturnValueUseError } from '../errors/encoding.js'
import type { Call } from './call.js'
import { isPlanner } from './isPlanner.js'
import type { PlanEncodingContext } from './planEncodingContext.js'
import type { EncodablePlanner as Planner, PlannedCommand } from './plannedCommand.js'
import { ReturnValue, StateValue } from './value.js'

/**
 * Walks the plan tree before anything is encoded: each command's execution order, root index and
 * planner (`ctx.info`), each subplan's parent command (`ctx.parentOf`), and the readers of each
 * command's result (`ctx.consumers`), checking that every handle is visible where it is read.
 * @throws InvalidPlannerCallError (a subplan used twice), InvalidReturnValueUseError (a handle read out of reach)
 */
export function linkPlanCommands(ctx: PlanEncodingContext): void {
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
  visit(ctx.root, undefined)
  for (const [command] of ctx.info) {
    for (const handle of handlesOf(command.call)) {
      const producer = handle.command as PlannedCommand
      checkVisible(ctx, producer, command)
      const list = ctx.consumers.get(producer) ?? []
      list.push(command)
      ctx.consumers.set(producer, list)
    }
  }
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
function plannerChain(ctx: PlanEncodingContext, planner: Planner): Planner[] {
  const chain: Planner[] = []
  for (let p: Planner | undefined = planner; p; ) {
    chain.push(p)
    const parent = ctx.parentOf.get(p)
    p = parent ? ctx.info.get(parent)?.planner : undefined
  }
  return chain
}

function checkVisible(ctx: PlanEncodingContext, producer: PlannedCommand, consumer: PlannedCommand): void {
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
