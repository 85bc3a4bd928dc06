import type { TokenGraph } from '../graph/types.js'
import type { SearchMask } from './searchContext.js'

/**
 * Edge filter of a request: adapters whose slug or standard is in `ignoreStandards`, and aggregators
 * when `ignoreAggregators` is set, are disabled; with `onlyPools`, every other pool is banned.
 */
export function createSearchMask(
  graph: TokenGraph,
  {
    ignoreStandards = [],
    ignoreAggregators = false,
    onlyPools,
  }: { ignoreStandards?: readonly string[] | undefined; ignoreAggregators?: boolean | undefined; onlyPools?: readonly string[] | undefined },
): SearchMask {
  const ignored = new Set(ignoreStandards.map((s) => s.toLowerCase()))
  const adapterEnabled = new Uint8Array(graph.adapters.length)
  graph.adapters.forEach((adapter, i) => {
    const off = ignored.has(adapter.slug) || ignored.has(adapter.standard) || (ignoreAggregators && adapter.isAggregator)
    adapterEnabled[i] = off ? 0 : 1
  })
  if (onlyPools === undefined) return { adapterEnabled }
  // A pool-restricted search (a bundle action naming its pool) bans every other pool.
  const allowed = new Set(onlyPools.map((p) => p.toLowerCase()))
  const poolBanned = new Uint8Array(graph.pools.length)
  graph.pools.forEach((pool, i) => {
    poolBanned[i] = allowed.has(pool.snapshot.address.toLowerCase()) ? 0 : 1
  })
  return { adapterEnabled, poolBanned }
}
