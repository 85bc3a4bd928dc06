import type { Hex } from 'viem'
import type { EncodablePlanner as Planner, PlannedCommand } from './plannedCommand.js'

/** Where a command sits in the plan tree. */
export type CommandInfo = {
  /** Execution order across the whole plan tree; a subplan's commands precede the command running them. */
  seq: number
  /** Index of the root-level command during which this one runs. */
  rootIndex: number
  /** The planner holding the command. */
  planner: Planner
}

/** What `encodePlan` knows of a plan while it encodes it: the command tree, and the state built so far. */
export type PlanEncodingContext = {
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
