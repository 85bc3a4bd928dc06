import type { TokenGraph } from '../graph/types.js'
import type { SearchMask } from './searchContext.js'

/**
 * Edge filter of a request: adapters whose slug or standard is in `ignoreStandards`, and aggregators
 * when `ignoreAggregators` is set, are disabled.
 */
export function createSearchMask(
  graph: TokenGraph,
  { ignoreStandards = [], ignoreAggregators = false }: { ignoreStandards?: readonly string[] | undefined; ignoreAggregators?: boolean | undefined },
): SearchMask {
  const ignored = new Set(ignoreStandards.map((s) => s.toLowerCase()))
  const adapterEnabled = new Uint8Array(graph.adapters.length)
  graph.adapters.forEach((adapter, i) => {
    const off = ignored.has(adapter.slug) || ignored.has(adapter.standard) || (ignoreAggregators && adapter.isAggregator)
    adapterEnabled[i] = off ? 0 : 1
  })
  return { adapterEnabled }
}
