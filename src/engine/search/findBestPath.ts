import type { PoolStates } from '../graph/poolStates.js'
import { type DpConstraints, type DpResult, FLOAT_MARGIN, runLayeredDp } from './runLayeredDp.js'
import { type PathQuote, gasCost, quotePath } from './quotePath.js'
import { cannotBeatExactly } from './cannotBeatExactly.js'
import { findBestShortWalk } from './findBestShortWalk.js'
import type { ForwardShare } from './forwardLayers.js'
import { isAllowedPath } from './isAllowedPath.js'
import { RATE_BOUND_MIN_IN_DEGREE } from './getRateBounds.js'
import type { SearchContext, SearchMask } from './searchContext.js'

/** Parameters of {@link findBestPath}. */
export type FindBestPathParameters = {
  source: number
  target: number
  amountIn: bigint
  maxHops: number
  mask: SearchMask
  /** Gas value in target-token units per gas, wad; 0n turns gas-awareness off. */
  gasPriceWad: bigint
  /** Pool states to quote against (block state unless earlier legs moved pools). */
  states: PoolStates
  /** Safety cap on DP runs of the exact fallback. Default 2000. */
  maxDpRuns?: number | undefined
  /**
   * Work cap of the exact fallback, in edges read by its layered-DP runs (`context.edgeReads`): no run
   * starts once the search has read this many. Default {@link MAX_PATH_SEARCH_EDGE_READS}.
   */
  maxEdgeReads?: number | undefined
  /**
   * Simple paths from `source` to `target` known to the caller (e.g. earlier candidates of a split).
   * Those the mask allows are quoted exactly first: the best of them lets every DP run leave out the
   * walks that cannot beat it. They change no answer's score, only the work.
   */
  hints?: readonly (readonly number[])[] | undefined
  /** Share the root run's forward layers with other searches of the same query (see `forwardLayers`). */
  forward?: ForwardShare | undefined
}

/** Result of {@link findBestPath}. */
export type FindBestPathReturnType = {
  /** Best simple path, or undefined when no path has a positive output. */
  best: (PathQuote & { score: bigint }) | undefined
  /** True when optimality is proven (always, unless the DP-run cap was hit). */
  certified: boolean
  /** Layered DP runs used (1 on the fast path). */
  dpRuns: number
}

/**
 * Default work cap of one path search, in edges read (see {@link FindBestPathParameters.maxEdgeReads}).
 * A search stops, uncertified, before a run that would start past it, so it reads at most this plus
 * one run (≤ maxHops × the graph's edges). A run cap alone bounded nothing useful: a query whose every
 * walk ends in a pool its exact quote refuses (WETH into a token whose only pool is a Balancer pool
 * past its 30 % max-in ratio) ran all 2,000 runs on the large world: 3.9 s for a NO_ROUTE. A million
 * reads are ~80 ms of one core there (custom kernels included); the most a certified search of the
 * large world's bench routes read was 285,000, and the bench graphs stay exact under the cap.
 */
export const MAX_PATH_SEARCH_EDGE_READS = 1_000_000

type Node = { bound: number; constraints: DpConstraints }

/** First repeated token or pool of a walk, as the two hop layers it appears at. */
function findConflict(context: SearchContext, source: number, walk: readonly number[]): { kind: 'token' | 'pool'; id: number; layers: [number, number] } | undefined {
  const { edgeHead, edgePool } = context.graph
  const tokenLayer = new Map<number, number>([[source, 0]])
  const poolLayer = new Map<number, number>()
  for (let i = 0; i < walk.length; i++) {
    const layer = i + 1
    const e = walk[i]!
    const pool = edgePool[e]!
    const seenPool = poolLayer.get(pool)
    if (seenPool !== undefined) return { kind: 'pool', id: pool, layers: [seenPool, layer] }
    poolLayer.set(pool, layer)
    const token = edgeHead[e]!
    const seenToken = tokenLayer.get(token)
    if (seenToken !== undefined) return { kind: 'token', id: token, layers: [seenToken, layer] }
    tokenLayer.set(token, layer)
  }
  return undefined
}

/**
 * Exact best single path (simple: no token or pool twice) of at most `maxHops` hops, by output net of
 * gas when a gas price is given.
 *
 * Fast path: one float64 layered DP picks the best walk W; W is quoted in bigint, and W is proven
 * optimal when the DP's bound on every other walk (float estimates are upper estimates of exact
 * quotes, with a 1e-9 margin) is below W's exact score. Otherwise (near-ties in float, or a walk
 * that repeats a token/pool, possible from 4 hops or with multi-token pools) an exact best-first
 * search partitions the walk space (Murty-style for near-ties, Lawler-style branching on repeats),
 * quoting each candidate in bigint, until no open node's bound can beat the best exact score.
 */
export function findBestPath(context: SearchContext, parameters: FindBestPathParameters): FindBestPathReturnType {
  const { source, target, amountIn, maxHops, mask, gasPriceWad, states } = parameters
  const maxDpRuns = parameters.maxDpRuns ?? 2000
  const readsCap = context.edgeReads + (parameters.maxEdgeReads ?? MAX_PATH_SEARCH_EDGE_READS)
  const graph = context.graph
  let minGasPerHop = Infinity
  for (const a of graph.adapters) minGasPerHop = Math.min(minGasPerHop, Number(a.gasPerHop))
  const query = {
    source,
    target,
    amountIn: Number(amountIn),
    maxHops,
    mask,
    gasPrice: Number(gasPriceWad) / 1e18,
    minGasPerHop: Number.isFinite(minGasPerHop) ? minGasPerHop : 0,
  }
  let best: (PathQuote & { score: bigint }) | undefined
  let bestScore = -Infinity
  let dpRuns = 0
  const open: Node[] = []

  /** Quotes a simple walk exactly; returns the first hop whose exact output is 0 (`walk.length` when none is). */
  const evaluate = (walk: readonly number[]): number => {
    const quote = quotePath(states, { edges: walk, amountIn })
    if (quote.amountOut === 0n) return quote.amounts.indexOf(0n, 1) - 1
    const score = quote.amountOut - gasCost(quote.gas, gasPriceWad)
    if (best === undefined || score > best.score) {
      best = { ...quote, score }
      bestScore = Number(score)
    }
    return walk.length
  }

  const expand = (constraints: DpConstraints, result: DpResult): void => {
    const conflict = findConflict(context, source, result.walk)
    if (conflict === undefined) {
      const zeroHop = evaluate(result.walk)
      if (Math.floor(result.alternativeBound) <= bestScore) return
      // Murty partition of the node minus W: child i keeps W's first i-1 hops and bans W's hop i.
      // A walk's exact amounts depend only on its hops so far, so when W's exact output is 0 from hop
      // `zeroHop` on (a cap the monotone float model cannot show: Balancer's max-in ratio, a V3 range
      // run dry), every walk that keeps W's hops through `zeroHop` is 0 too: those children are dropped.
      for (let i = constraints.prefix.length; i < result.walk.length && i <= zeroHop; i++) {
        open.push({
          bound: result.alternativeBound,
          constraints: {
            ...constraints,
            prefix: result.walk.slice(0, i),
            bannedEdges: [...constraints.bannedEdges, [i + 1, result.walk[i]!]],
          },
        })
      }
      return
    }
    // Every simple path of the node avoids the repeated element at one of its two layers.
    const bound = result.estimate * (1 + FLOAT_MARGIN) - query.gasPrice * query.minGasPerHop
    for (const layer of conflict.layers) {
      if (layer <= constraints.prefix.length) continue
      const ban = [layer, conflict.id] as const
      open.push({
        bound,
        constraints:
          conflict.kind === 'token'
            ? { ...constraints, bannedTokens: [...constraints.bannedTokens, ban] }
            : { ...constraints, bannedPools: [...constraints.bannedPools, ban] },
      })
    }
  }

  // Into a hub-like target, the best walk of at most two hops, quoted exactly first, lets every DP run
  // leave out the walks that cannot beat it (runLayeredDp's `pruneBelow`; issue 20, hub queries).
  if (maxHops >= 3 && graph.inStart[target + 1]! - graph.inStart[target]! >= RATE_BOUND_MIN_IN_DEGREE) {
    const short = findBestShortWalk(context, query)
    if (short !== undefined) evaluate(short)
    for (const hint of parameters.hints ?? []) if (isAllowedPath(context, { source, target, maxHops, mask, edges: hint })) evaluate(hint)
  }
  const root: DpConstraints = { prefix: [], bannedEdges: [], bannedTokens: [], bannedPools: [] }
  // Runs of the partition without a forced prefix restore the root's forward layers (forwardLayers).
  const childForward: ForwardShare | undefined = parameters.forward === undefined ? undefined : 'record' in parameters.forward ? { extra: [], base: mask.poolBanned } : parameters.forward
  const rootResult = runLayeredDp(context, { ...query, pruneBelow: bestScore, forward: parameters.forward })
  dpRuns++
  if (rootResult === undefined) return { best, certified: true, dpRuns }
  expand(root, rootResult)
  let certified = true
  while (open.length > 0) {
    let top = 0
    for (let i = 1; i < open.length; i++) if (open[i]!.bound > open[top]!.bound) top = i
    const node = open[top]!
    open[top] = open[open.length - 1]!
    open.pop()
    if (Math.floor(node.bound) <= bestScore) break
    if (dpRuns >= maxDpRuns || context.edgeReads >= readsCap) {
      certified = false
      break
    }
    const result = runLayeredDp(context, { ...query, pruneBelow: bestScore, forward: childForward }, node.constraints)
    dpRuns++
    if (result === undefined) continue
    if (Math.floor(result.estimate * (1 + FLOAT_MARGIN) - query.gasPrice * query.minGasPerHop) <= bestScore) continue
    // Exact ties the float margin cannot separate (whole units of a coarse token into one last pool).
    if (best !== undefined && cannotBeatExactly(context, { query, startLayer: node.constraints.prefix.length, states, bestScore: best.score, bestScoreFloat: bestScore })) continue
    expand(node.constraints, result)
  }
  return { best, certified, dpRuns }
}
