import type { AnyProtocolAdapter } from '../protocols/types.js'
import { buildGraph } from './graph/buildGraph.js'
import { type SearchContext, createSearchContext } from './search/searchContext.js'
import type { EngineSnapshot } from './types.js'

/** Search contexts by snapshot version, least recently used evicted. One per worker thread. */
export type SnapshotCache = {
  /** The context of `version`, or undefined when this worker has not installed it. */
  get(version: string): SearchContext | undefined
  /** Builds and keeps the graph of `snapshot` (no-op if its version is already cached). */
  install(snapshot: EngineSnapshot): SearchContext
  /** Versions held, oldest first. */
  versions(): string[]
}

/**
 * Creates a worker's snapshot cache. `capacity` 2 keeps the previous block while requests pinned to
 * it drain after a new block arrives.
 */
export function createSnapshotCache({ adapters, capacity = 2 }: { adapters: readonly AnyProtocolAdapter[]; capacity?: number }): SnapshotCache {
  const contexts = new Map<string, SearchContext>()
  // The last graph built for each chain: a new version keeps its unchanged pools' float models.
  const latest = new Map<number, SearchContext['graph']>()
  return {
    get(version) {
      const context = contexts.get(version)
      if (context !== undefined) {
        contexts.delete(version)
        contexts.set(version, context)
      }
      return context
    },
    install(snapshot) {
      const existing = this.get(snapshot.version)
      if (existing !== undefined) return existing
      const context = createSearchContext(buildGraph({ adapters, previous: latest.get(snapshot.chainId) }, snapshot))
      latest.set(snapshot.chainId, context.graph)
      contexts.set(snapshot.version, context)
      while (contexts.size > capacity) contexts.delete(contexts.keys().next().value!)
      return context
    },
    versions: () => [...contexts.keys()],
  }
}
