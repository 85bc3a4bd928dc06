import type {
  InvalidPlannerCallError,
  InvalidReturnValueUseError,
  TooManyArgumentsError,
  TooManyStateSlotsError,
} from '../errors/encoding.js'
import { encodeCommands } from './encodeCommands.js'
import { linkPlanCommands } from './linkPlanCommands.js'
import type { PlanEncodingContext } from './planEncodingContext.js'
import type { EncodablePlanner as Planner, PlannedCommand, PlanReturnType } from './plannedCommand.js'

export type EncodePlanErrorType = InvalidPlannerCallError | InvalidReturnValueUseError | TooManyArgumentsError | TooManyStateSlotsError

/**
 * Encodes a planner (and its subplans) into `executeShortcut` commands and state. Literals are deduplicated;
 * the slots of root-level return values are reused once their last reader has run.
 * @throws {@link EncodePlanErrorType}
 */
export function encodePlan(root: Planner): PlanReturnType {
  const ctx: PlanEncodingContext = {
    root,
    info: new Map(),
    parentOf: new Map([[root, undefined]]),
    consumers: new Map(),
    state: [],
    literalSlots: new Map(),
    returnSlots: new Map(),
    freeSlots: [],
  }
  linkPlanCommands(ctx)
  const commands = encodeCommands(ctx, root)
  if (root.kept.length === 0) return { commands, state: ctx.state }
  const keptSlots = root.kept.map((handle) => ctx.returnSlots.get(handle.command as PlannedCommand)!)
  return { commands, state: ctx.state, keptSlots }
}
