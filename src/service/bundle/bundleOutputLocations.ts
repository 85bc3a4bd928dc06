import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import type { BundleAnswer } from '../types.js'

/** Where an answer's `actionOutputs` were read from: each output's slot of the final weiroll state. */
export type BundleOutputLocations = { outputs: BuildBundleReturnType['outputs'] }

const locations = new WeakMap<BundleAnswer, BundleOutputLocations>()

/**
 * Remembers, in this process only (nothing goes on the wire), where each of an answer's action outputs
 * lives in the final weiroll state, so that a sent transaction's own return data can be read the same
 * way: tests compare every output of every action with what the chain did, not with the simulation.
 */
export function recordBundleOutputLocations(answer: BundleAnswer, value: BundleOutputLocations): BundleAnswer {
  locations.set(answer, value)
  return answer
}

/** The locations {@link recordBundleOutputLocations} kept for `answer` (undefined for a copy or a decoded answer). */
export function bundleOutputLocationsOf(answer: BundleAnswer): BundleOutputLocations | undefined {
  return locations.get(answer)
}
