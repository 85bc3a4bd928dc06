import type { SearchContext } from './searchContext.js'

/** A certified (exact) best-path search of one query: its amount, the pools it banned beyond the base mask, its answer. */
export type FoundPath = {
  amount: bigint
  /** Pools banned beyond the query's base mask. */
  extra: readonly number[]
  /** The exact best path, or undefined when no path paid anything. */
  edges: readonly number[] | undefined
}

/** Parameters of {@link reuseFoundPath}. */
export type ReuseFoundPathParameters = {
  /** Earlier certified searches of the same query (same source, target, hops, gas price, states, base mask). */
  found: readonly FoundPath[]
  /** Pools the new search bans beyond the base mask. */
  extra: readonly number[]
  amount: bigint
}

/**
 * The answer of a best-path search that an earlier certified search already proves, or `false` when
 * none does. A search at the same amount that banned a subset of the new bans searched a superset of
 * the new search's paths: if its best path uses none of the new bans, that path is still in the
 * smaller set, so it is an exact best there too (an exact tie may have named another path of the same
 * score); if it found no paying path, the smaller set has none either. Costs
 * |found| × (|extra|² + hops × |extra|) comparisons, no layered DP.
 */
export function reuseFoundPath(context: SearchContext, { found, extra, amount }: ReuseFoundPathParameters): readonly number[] | undefined | false {
  const { edgePool } = context.graph
  for (const f of found) {
    if (f.amount !== amount) continue
    if (!f.extra.every((pool) => extra.includes(pool))) continue
    if (f.edges === undefined) return undefined
    if (f.edges.every((e) => !extra.includes(edgePool[e]!))) return f.edges
  }
  return false
}
