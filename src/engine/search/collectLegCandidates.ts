import type { PoolStates } from '../graph/poolStates.js'
import type { RouteCandidate, RouteCandidatePath } from '../types.js'
import { INFEASIBLE_SCORE, type EvaluatedLegs } from './evaluateLegs.js'
import { findBestPath } from './findBestPath.js'
import type { FindSplitRouteReturnType } from './findSplitRoute.js'
import { gasCost, quotePath, type PathQuote } from './quotePath.js'
import { getPoolMarks, type SearchContext, type SearchMask } from './searchContext.js'

/** Most candidates kept per leg. */
export const MAX_LEG_CANDIDATES = 5

/** Parameters of {@link collectLegCandidates}: one leg's search, and what it found. */
export type CollectLegCandidatesParameters = {
  leg: number
  source: number
  target: number
  amountIn: bigint
  maxHops: number
  mask: SearchMask
  gasPriceWad: bigint
  /** The pool states the leg was searched on. */
  states: PoolStates
  /** The exact best single path for the whole amount. */
  single: PathQuote & { score: bigint }
  /** The split search's result, when one ran. */
  split: FindSplitRouteReturnType | undefined
  /** The chosen legs' edges (to flag the chosen candidate). */
  chosen: readonly PathQuote[]
}

const keyOf = (quotes: readonly PathQuote[]) => quotes.map((q) => `${q.edges.join(',')}@${q.amounts[0]}`).join('|')

/**
 * The best few routes of one leg, for `explain`: the best single path, the split allocations the
 * split search weighed (greedy with local search, water-filling), and the best single path that avoids
 * each pool of the best one in turn (what the route would be without that pool): the split search's
 * own candidate paths when it weighed some (they include those), each quoted for the whole amount, else
 * one bounded path search per hop of the best path. Ranked by the engine's score (output net of gas),
 * duplicates dropped, at most {@link MAX_LEG_CANDIDATES}; the chosen route is always among them. Pure.
 */
export function collectLegCandidates(context: SearchContext, p: CollectLegCandidatesParameters): RouteCandidate[] {
  const graph = context.graph
  const pathOf = (q: PathQuote): RouteCandidatePath => ({
    tokens: [graph.tokens[graph.edgeTail[q.edges[0]!]!]!, ...q.edges.map((e) => graph.tokens[graph.edgeHead[e]!]!)],
    pools: q.edges.map((e) => graph.pools[graph.edgePool[e]!]!.snapshot.address),
    protocols: q.edges.map((e) => graph.pools[graph.edgePool[e]!]!.adapter.slug),
    amountIn: q.amounts[0]!,
    amountOut: q.amountOut,
  })
  const chosenKey = keyOf(p.chosen)
  const found = new Map<string, RouteCandidate>()
  const add = (kind: RouteCandidate['kind'], quotes: readonly PathQuote[], amountOut: bigint, gas: bigint, score: bigint) => {
    if (quotes.length === 0 || score === INFEASIBLE_SCORE) return
    const key = keyOf(quotes)
    if (found.has(key)) return
    found.set(key, { leg: p.leg, kind, paths: quotes.map(pathOf), amountOut, gas, score, chosen: key === chosenKey })
  }
  const addLegs = (kind: RouteCandidate['kind'], e: EvaluatedLegs | undefined) => e && add(kind, e.legs, e.amountOut, e.gas, e.score)
  if (p.split !== undefined && p.split.method !== 'single') addLegs(p.split.method, p.split.best)
  add('single', [p.single], p.single.amountOut, p.single.gas, p.single.score)
  addLegs('greedy', p.split?.greedy)
  addLegs('waterFill', p.split?.waterFill)
  if (p.split?.paths !== undefined) {
    // The paths the split search weighed (the best path avoiding each pool of the single path among
    // them), each quoted for the whole amount: what the engine considered, at no search's cost.
    for (const edges of p.split.paths) {
      const q = quotePath(p.states, { edges, amountIn: p.amountIn })
      if (q.amountOut > 0n) add('alternative', [q], q.amountOut, q.gas, q.amountOut - gasCost(q.gas, p.gasPriceWad))
    }
  } else addAvoidingAlternatives(context, p, add)
  const ranked = [...found.values()].sort((a, b) => (a.chosen !== b.chosen && a.score === b.score ? (a.chosen ? -1 : 1) : a.score > b.score ? -1 : a.score < b.score ? 1 : 0))
  const top = ranked.slice(0, MAX_LEG_CANDIDATES)
  const chosen = ranked.find((c) => c.chosen)
  if (chosen !== undefined && !top.includes(chosen)) top[top.length - 1] = chosen
  return top
}

/**
 * Where no split search weighed candidate paths (the single path already at the best marginal rate, or
 * one split allowed): the best single path avoiding each pool of the best one in turn, one bounded path
 * search per hop.
 */
function addAvoidingAlternatives(context: SearchContext, p: CollectLegCandidatesParameters, add: (kind: 'alternative', quotes: readonly PathQuote[], amountOut: bigint, gas: bigint, score: bigint) => void): void {
  const graph = context.graph
  // One borrowed pool-sized mark array (restored below), not a fresh one per hop.
  const banned = getPoolMarks(context, 0)
  const base = p.mask.poolBanned
  try {
    if (base !== undefined) banned.set(base)
    for (const e of p.single.edges) {
      const pool = graph.edgePool[e]!
      banned[pool] = 1
      const other = findBestPath(context, { source: p.source, target: p.target, amountIn: p.amountIn, maxHops: p.maxHops, mask: { ...p.mask, poolBanned: banned }, gasPriceWad: p.gasPriceWad, states: p.states, maxDpRuns: 50 }).best
      banned[pool] = base?.[pool] ?? 0
      if (other !== undefined) add('alternative', [other], other.amountOut, other.gas, other.amountOut - gasCost(other.gas, p.gasPriceWad))
    }
  } finally {
    if (base !== undefined) banned.fill(0)
    else for (const e of p.single.edges) banned[graph.edgePool[e]!] = 0
  }
}
