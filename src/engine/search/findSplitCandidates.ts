import type { PoolStates } from '../graph/poolStates.js'
import { findBestPath } from './findBestPath.js'
import { type FoundPath, reuseFoundPath } from './reuseFoundPath.js'
import { getPoolMarks, type SearchContext, type SearchMask } from './searchContext.js'

/**
 * Layered-DP runs allowed to each path search of {@link findSplitCandidates}. The candidates only feed
 * the allocation (the split is never below the exact single path, found with the full budget), and a
 * search cut short still returns the best path it quoted. 8, not 50: from a hub of the 250,000-pool
 * graph one run reads ~300,000 edges, and 13 searches of 50 runs took the split past 200 ms; on the
 * bench's uniform queries (1,000 each on small, medium and large) and 1,000 hub-heavy ones on large
 * (`--hub-share 0.5`) the split's outputs are identical at 8 and at 50.
 */
export const SPLIT_SEARCH_MAX_DP_RUNS = 8

/** Parameters of {@link findSplitCandidates}. */
export type FindSplitCandidatesParameters = {
  source: number
  target: number
  amountIn: bigint
  maxHops: number
  maxSplits: number
  mask: SearchMask
  gasPriceWad: bigint
  states: PoolStates
  /** The exact best single path for the full amount. */
  single: readonly number[]
  /** Increments of the greedy allocation (paths are also sought at one increment's amount). */
  chunks: number
}

/** Result of {@link findSplitCandidates}. */
export type FindSplitCandidatesReturnType = {
  /** Distinct candidate paths, the single path first. */
  candidates: (readonly number[])[]
  /** The pool-disjoint chain, the single path first (the water-filling baseline's paths). */
  disjoint: (readonly number[])[]
}

const keyOf = (edges: readonly number[]): string => edges.join(',')

/**
 * Candidate paths of a split: the best single path, the best path for amountIn/maxSplits and for one
 * chunk, a chain of pool-disjoint best paths, and the best path avoiding each pool of the single path
 * in turn.
 *
 * Bounds (issue 20, the engine at scale): at most `2 + 2 × (maxSplits − 1) + maxHops` path searches
 * of at most {@link SPLIT_SEARCH_MAX_DP_RUNS} layered-DP runs each, and at most
 * `1 + 2 + (maxSplits − 1) + maxHops` candidates (10 at 4 splits and 3 hops) whatever the graph's
 * size, so the greedy allocation after it quotes a bounded set. The pool bans use the context's two
 * pool-sized mark arrays (restored before returning), not a fresh array per search. A search whose
 * answer an earlier certified one already proves (see {@link reuseFoundPath}) runs no layered DP: from
 * a hub of the 250,000-pool graph each run reads ~300,000 edges.
 */
export function findSplitCandidates(context: SearchContext, parameters: FindSplitCandidatesParameters): FindSplitCandidatesReturnType {
  const { source, target, amountIn, maxHops, maxSplits, mask, gasPriceWad, states, single, chunks } = parameters
  const { edgePool } = context.graph
  const candidates: (readonly number[])[] = [single]
  const seen = new Set([keyOf(single)])
  const add = (edges: readonly number[] | undefined): void => {
    if (edges === undefined || seen.has(keyOf(edges))) return
    seen.add(keyOf(edges))
    candidates.push(edges)
  }
  const part = amountIn / BigInt(maxSplits)
  const found: FoundPath[] = []
  const avoidingOne: (readonly number[] | undefined)[] = []
  /** Best path at `amount` avoiding the base mask's pools and `extra` (marked in `poolBanned`). */
  const search = (poolBanned: Uint8Array | undefined, extra: readonly number[], amount: bigint): readonly number[] | undefined => {
    const known = reuseFoundPath(context, { found, extra, amount })
    if (known !== false) return known
    // The paths found so far are hints: the best one the bans allow bounds what each DP run must read.
    const hints = [...candidates, ...avoidingOne.filter((edges) => edges !== undefined)]
    // The searches at one amount share the forward layers of the first one, which bans no extra pool (forwardLayers).
    const forward = extra.length === 0 ? ({ record: true } as const) : { extra, base: mask.poolBanned }
    const result = findBestPath(context, { source, target, amountIn: amount, maxHops, mask: { ...mask, poolBanned }, gasPriceWad, states, maxDpRuns: SPLIT_SEARCH_MAX_DP_RUNS, hints, forward })
    const edges = result.best?.edges
    if (result.certified) found.push({ amount, extra: [...extra], edges })
    return edges
  }

  // Paths are also sought at one chunk's amount: a capped pool (Balancer's 30 % max-in ratio, a V3
  // range run dry) pays nothing for amountIn/maxSplits but may well take a few chunks.
  const small = amountIn / BigInt(chunks)
  add(search(mask.poolBanned, [], part))
  if (small > 0n && small !== part) add(search(mask.poolBanned, [], small))

  const base = mask.poolBanned
  const banned = getPoolMarks(context, 0)
  const one = getPoolMarks(context, 1)
  const marked: number[] = []
  const disjoint: (readonly number[])[] = [single]
  try {
    if (base !== undefined) {
      banned.set(base)
      one.set(base)
    }
    const ban = (edges: readonly number[]): void => {
      for (const e of edges) {
        banned[edgePool[e]!] = 1
        marked.push(edgePool[e]!)
      }
    }
    // Paths that share all but one pool with the single path. Searched before the chain (whose bans
    // include each of these pools, so a result that avoids the whole single path answers the chain's
    // first search) but added after it, in the order the candidates always had.
    for (const e of single) {
      const pool = edgePool[e]!
      one[pool] = 1
      avoidingOne.push(search(one, [pool], part))
      one[pool] = base?.[pool] ?? 0
    }
    // Pool-disjoint chain.
    ban(single)
    for (let i = 1; i < maxSplits; i++) {
      const edges = search(banned, marked, part) ?? (small > 0n && small !== part ? search(banned, marked, small) : undefined)
      if (edges === undefined) break
      disjoint.push(edges)
      add(edges)
      ban(edges)
    }
    for (const edges of avoidingOne) add(edges)
  } finally {
    if (base !== undefined) {
      banned.fill(0)
      one.fill(0)
    } else {
      for (const pool of marked) banned[pool] = 0
      for (const e of single) one[edgePool[e]!] = 0
    }
  }
  return { candidates, disjoint }
}
