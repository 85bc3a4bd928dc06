import type { AnyProtocolAdapter, PoolEdge, PoolSnapshotBase } from '../../protocols/types.js'
import type { PoolStates } from '../graph/poolStates.js'
import { EDGE_KIND_CONSTANT_PRODUCT } from '../graph/types.js'
import { type DpQuery, FLOAT_MARGIN, quoteEdgeFloat, wholeUnits } from './runLayeredDp.js'
import { getScratch, type SearchContext } from './searchContext.js'

/** Most exact last-hop quotes one call may make before it gives up (answers false). */
export const MAX_EXACT_LAST_HOPS = 64

/** Parameters of {@link cannotBeatExactly}. */
export type CannotBeatExactlyParameters = {
  /** The query of the layered-DP run that just ended (its scratch still holds that run). */
  query: DpQuery
  /** Hop layer the run started at (the node's prefix length). */
  startLayer: number
  states: PoolStates
  /** The best exact score found so far, and the same as a float (as the search compares them). */
  bestScore: bigint
  bestScoreFloat: number
}

/**
 * After a layered-DP run of a search node, with gas off: true when no walk of the node can deliver
 * more than `bestScore`, so the node can be dropped without evaluating or partitioning it.
 *
 * Every walk of the node ends with an edge e into the target from a token X reached at some layer,
 * with an exact amount at most the DP's whole-unit upper estimate a of that state. For a
 * constant-product hop the exact quote is monotone in the input, so the walk's output is at most the
 * exact quote of e at a: a bound with no float margin. The float margin (10⁻⁹ of the output) cannot
 * separate walks that pass the same whole units of a coarse token into the same last pool: they tie
 * exactly, yet each stays above the float bound. Measured on the 250,000-pool bench graph, a hub to a
 * 6-decimal-routed token with 433 such walks took 433 DP runs (461 ms) before this check.
 *
 * Any other edge is bounded by its adapter's `quoteUpperBound` where it has one (Curve StableSwap swaps:
 * a quote monotone up to one unit of `get_y`'s rounding); without it, walks that tie into a nearly
 * drained Curve pool ran the hostile bench graph's worst query to the 2,000-run cap (46–66 ms).
 *
 * Last hops whose float bound already cannot beat the best are skipped; any other last hop with no exact
 * bound, or more than {@link MAX_EXACT_LAST_HOPS} exact quotes, answer false (the node is searched as
 * before). Constraints of the last layer are ignored, which can only keep a node.
 */
export function cannotBeatExactly(context: SearchContext, { query, startLayer, states, bestScore, bestScoreFloat }: CannotBeatExactlyParameters): boolean {
  if (query.gasPrice !== 0) return false
  const graph = context.graph
  const { source, target, maxHops: H, mask } = query
  const n = graph.tokens.length
  const { value, stamp, run } = getScratch(context, H)
  const { inStart, inEdges, edgeTail, edgeAdapter, edgePool, edgeKind, edgeSpec } = graph
  let quotes = 0
  for (let i = inStart[target]!; i < inStart[target + 1]!; i++) {
    const e = inEdges[i]!
    if (mask.adapterEnabled[edgeAdapter[e]!] === 0) continue
    if (mask.poolBanned !== undefined && mask.poolBanned[edgePool[e]!] === 1) continue
    const X = edgeTail[e]!
    for (let k = startLayer + 1; k <= H; k++) {
      const idx = (k - 1) * n + X
      if (stamp[idx] !== run) continue
      if (k - 1 === 0 && X !== source) continue
      const a = value[idx]!
      if (Math.floor(wholeUnits(quoteEdgeFloat(graph, e, a, k)) * (1 + FLOAT_MARGIN)) <= bestScoreFloat) continue
      if (++quotes > MAX_EXACT_LAST_HOPS || !Number.isFinite(a)) return false
      if (exactLastHopBound(graph.pools[edgePool[e]!]!.adapter, states.get(edgePool[e]!), edgeSpec[e]!, BigInt(a), edgeKind[e] === EDGE_KIND_CONSTANT_PRODUCT) > bestScore) return false
    }
  }
  return true
}

/**
 * The most a walk can deliver through last hop `edge` with an exact input of at most `a`: `quote(a)` for a
 * constant-product edge (monotone), the adapter's `quoteUpperBound` for any other, and no bound where it
 * has none.
 */
function exactLastHopBound(adapter: AnyProtocolAdapter, state: PoolSnapshotBase, edge: PoolEdge, a: bigint, constantProduct: boolean): bigint {
  if (constantProduct) return adapter.quote(state, { edge, amountIn: a })
  return adapter.quoteUpperBound?.(state, { edge, amountIn: a }) ?? NO_BOUND
}

/** Larger than any uint256 output: "no bound". */
const NO_BOUND = 1n << 256n
