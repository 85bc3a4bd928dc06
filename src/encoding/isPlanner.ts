import type { EncodablePlanner } from './plannedCommand.js'

/**
 * Whether a call argument is a subplan. Duck-typed (planner.ts imports the encoder, not the reverse):
 * methods, so a struct literal with fields named `plan` is not one.
 */
export function isPlanner(value: unknown): value is EncodablePlanner {
  return typeof value === 'object' && value !== null && typeof (value as EncodablePlanner).plan === 'function' && typeof (value as EncodablePlanner).addSubplan === 'function'
}
