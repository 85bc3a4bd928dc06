import type { AbiParameter } from 'viem'

/** The command that produced a {@link ReturnValue}; opaque outside the planner. */
export type CommandRef = object

/**
 * A handle on the return value of a planned call, usable as an argument of later calls.
 * `param` is the ABI type of the value (`bytes` for raw tuple returns), or `undefined` when the call
 * returns nothing (the handle then cannot be used).
 */
export class ReturnValue {
  readonly kind = 'returnValue'
  constructor(
    /** ABI type of the value. */
    readonly param: AbiParameter | undefined,
    /** The command producing it. */
    readonly command: CommandRef,
  ) {}
}

/** The whole weiroll state as an argument (`bytes[]`, index byte 0xfe); pass to subplan targets. */
export class StateValue {
  readonly kind = 'state'
}

/** One shared instance: the state value carries no data. */
export const stateValue = new StateValue()

/** True when `value` is a planner handle (return value or state) rather than a literal. */
export function isPlannerValue(value: unknown): value is ReturnValue | StateValue {
  return value instanceof ReturnValue || value instanceof StateValue
}
