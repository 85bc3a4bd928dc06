import type { Hex } from 'viem'
import type { Call } from './call.js'
import type { ReturnValue } from './value.js'

/** How a planned command treats its result. */
export type PlannedCommandKind = 'call' | 'subplan' | 'replaceState'

/** One command recorded by a `Planner`. */
export type PlannedCommand = {
  /** The call to make. */
  readonly call: Call
  /** `subplan`: has a subplan argument; `replaceState`: its `bytes[]` result replaces the state. */
  readonly kind: PlannedCommandKind
  /** True when the returned `bytes[]` replaces the state (output index 0xfe). */
  readonly replacesState: boolean
  /** The handle returned by `add`, if any. */
  readonly returnValue: ReturnValue | undefined
}

/** The output of `Planner.plan`: the arguments of `executeShortcut`. */
export type PlanReturnType = {
  /** Encoded commands (extended commands take two words). */
  commands: Hex[]
  /** Initial state: literal values and empty slots for return values. */
  state: Hex[]
  /** State slot of each handle passed to `keep`, in order: read them from the final state the VM returns. */
  keptSlots?: number[] | undefined
}

/**
 * What `encodePlan` reads from a planner: its commands, the handles it keeps, and the two methods
 * that tell a planner (a subplan argument) from a struct literal. `Planner` implements it; this module
 * exists so the encoder does not import the planner that calls it.
 */
export interface EncodablePlanner {
  /** The commands recorded so far, in order. */
  readonly commands: readonly PlannedCommand[]
  /** Handles whose state slots the plan reports in `keptSlots`, in order. */
  readonly kept: readonly ReturnValue[]
  /** Encodes the planner into `{ commands, state }`. */
  plan(): PlanReturnType
  /** Adds a command with a subplan argument. */
  addSubplan(call: Call): void
}
