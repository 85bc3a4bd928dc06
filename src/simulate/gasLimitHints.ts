import { LRUCache } from 'lru-cache'
import { GAS_LIMIT_CANDIDATES } from './proveGasLimit.js'

/** Most route shapes remembered per process. */
export const MAX_GAS_HINTS = 10_000

/**
 * What routes of one shape (the same pools in the same order, the same strategy) used last time. The
 * next route of that shape is simulated under the limit that gas implies, so one simulation both
 * measures the route and proves its limit; a shape seen for the first time, or one whose gas moved
 * (a tick crossed, a slot first written), takes one more simulation to prove it. A shape seen for the
 * first time in a family seen before (a mainnet-scale chain's usual case: the same protocols, other
 * pools) is guessed from the engine's estimate at the family's gas per unit of estimate.
 */
export type GasLimitHints = {
  /** The limit to try for `shape`, or undefined for a shape not seen yet. */
  guess(shape: string): bigint | undefined
  /** Records what a route of `shape` used. */
  learn(shape: string, gasUsed: bigint): void
  /**
   * The limit to try for a shape not seen yet whose family (the same protocols in the same order,
   * other pools) was: the engine's gas estimate scaled by the highest gas per unit of estimate among
   * the family's last {@link FAMILY_WINDOW} routes, with the first candidate's margin. Undefined for an
   * unseen family or a zero estimate.
   */
  guessFamily(family: string, estimate: bigint): bigint | undefined
  /** Records what a route of `family` used against the engine's estimate of it. */
  learnFamily(family: string, estimate: bigint, gasUsed: bigint): void
}

/** Routes per family whose gas per unit of estimate is remembered. */
export const FAMILY_WINDOW = 8
/** Fixed-point scale of a family's ratios. */
const PPM = 1_000_000n

/** Creates an empty, bounded hint store (LRU of {@link MAX_GAS_HINTS} shapes). */
export function createGasLimitHints(): GasLimitHints {
  const used = new LRUCache<string, bigint>({ max: MAX_GAS_HINTS })
  const ratios = new LRUCache<string, bigint[]>({ max: MAX_GAS_HINTS })
  const first = GAS_LIMIT_CANDIDATES[0]!
  return {
    guessFamily(family, estimate) {
      const seen = ratios.get(family)
      if (seen === undefined || estimate <= 0n) return undefined
      let highest = 0n
      for (const r of seen) if (r > highest) highest = r
      return ((estimate * highest) / PPM * first.num) / first.den + first.extra
    },
    learnFamily(family, estimate, gasUsed) {
      if (estimate <= 0n) return
      const seen = ratios.get(family) ?? []
      ratios.set(family, [...seen.slice(1 - FAMILY_WINDOW), (gasUsed * PPM + estimate - 1n) / estimate])
    },
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
