import { LRUCache } from 'lru-cache'
import { GAS_LIMIT_CANDIDATES } from './proveGasLimit.js'

/** Most route shapes remembered per process. */
export const MAX_GAS_HINTS = 10_000

/**
 * What routes of one shape (the same pools in the same order, the same strategy) used last time. The
 * next route of that shape is simulated under the limit that gas implies, so one simulation both
 * measures the route and proves its limit; a shape seen for the first time, or one whose gas moved
 * (a tick crossed, a slot first written), takes one more simulation to prove it.
 */
export type GasLimitHints = {
  /** The limit to try for `shape`, or undefined for a shape not seen yet. */
  guess(shape: string): bigint | undefined
  /** Records what a route of `shape` used. */
  learn(shape: string, gasUsed: bigint): void
}

/** Creates an empty, bounded hint store (LRU of {@link MAX_GAS_HINTS} shapes). */
export function createGasLimitHints(): GasLimitHints {
  const used = new LRUCache<string, bigint>({ max: MAX_GAS_HINTS })
  const first = GAS_LIMIT_CANDIDATES[0]!
  return {
    guess(shape) {
      const last = used.get(shape)
      return last === undefined ? undefined : (last * first.num) / first.den + first.extra
    },
    learn(shape, gasUsed) {
      used.set(shape, gasUsed)
    },
  }
}

/**
 * Whether a limit proven by a successful run stays within the answer's bound of the gas that run used:
 * `limit` ≤ 1.3 × `gasUsed` (the bound the route answer promises).
 */
export function isTightLimit(limit: bigint, gasUsed: bigint): boolean {
  return limit * 10n <= gasUsed * 13n
}
