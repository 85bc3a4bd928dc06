import { bridgeNames } from '../protocols/bridge/bridgeCandidates.js'
import { protocolAdapters } from '../protocols/registry.js'

/** What the caller may name in `ignoreStandards`: every adapter's slug and standard. */
const knownStandards: ReadonlySet<string> = new Set(protocolAdapters.flatMap((a) => [a.slug, a.standard]))

/** What the caller may name in `ignoreAggregators`: the adapters that are aggregators (none today). */
const knownAggregators: ReadonlySet<string> = new Set(protocolAdapters.filter((a) => a.isAggregator).map((a) => a.slug))

/** What the caller may name in `ignoreBridges`: every name a bridge adapter answers to (LayerZero for Stargate). */
const knownBridges: ReadonlySet<string> = bridgeNames

/** The three ignore lists of a route request. */
export type IgnoreFilters = { ignoreStandards: readonly string[]; ignoreAggregators: readonly string[]; ignoreBridges: readonly string[] }

/** What {@link splitIgnoreFilters} returns. */
export type SplitIgnoreFiltersReturnType = {
  /** Only the entries we know; these are applied. */
  known: { ignoreStandards: string[]; ignoreAggregators: string[]; ignoreBridges: string[] }
  /** `field=value` for every entry we do not know; ignored, and reported to the caller. */
  unknown: string[]
}

/**
 * Splits the ignore lists into entries we know and entries we do not. Clients send the vendor's
 * slugs (aggregators and standards we do not integrate): an unknown entry is nothing to leave out,
 * so it is ignored (and reported), never refused.
 */
export function splitIgnoreFilters(filters: IgnoreFilters): SplitIgnoreFiltersReturnType {
  const unknown: string[] = []
  const keep = (field: keyof IgnoreFilters, known: ReadonlySet<string>): string[] => {
    const kept: string[] = []
    for (const value of filters[field]) {
      if (known.has(value.toLowerCase())) kept.push(value.toLowerCase())
      else unknown.push(`${field}=${value}`)
    }
    return kept
  }
  return {
    known: {
      ignoreStandards: keep('ignoreStandards', knownStandards),
      ignoreAggregators: keep('ignoreAggregators', knownAggregators),
      ignoreBridges: keep('ignoreBridges', knownBridges),
    },
    unknown,
  }
}
