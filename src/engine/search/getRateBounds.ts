import { EDGE_KIND_CONSTANT_PRODUCT, type TokenGraph } from '../graph/types.js'
import type { RateBounds, SearchContext } from './searchContext.js'

/** Targets whose bounds a context keeps (the oldest is dropped): at most this many token-sized arrays. */
export const RATE_BOUND_CACHE_TARGETS = 16

/**
 * In-degree from which a target counts as hub-like: its bounds are worth building (a layered DP into it
 * reads the edges into thousands of in-neighbours) and the layered DP uses them.
 */
export const RATE_BOUND_MIN_IN_DEGREE = 256

/**
 * Upper bound of out ÷ in of edge `e` for every input: the marginal rate at 0 of a constant-product
 * hop (γ·reserveOut ÷ reserveIn; the quote is concave and 0 at 0), Infinity for any other kernel (no
 * bound known).
 */
function rateBound(graph: TokenGraph, e: number): number {
  if (graph.edgeKind[e] !== EDGE_KIND_CONSTANT_PRODUCT) return Infinity
  return (graph.edgeGamma[e]! * graph.edgeReserveOut[e]!) / graph.edgeReserveIn[e]!
}

/**
 * Per token X, an upper bound of out ÷ in of every two-hop walk X→Y→`target` (any pools, any input,
 * ignoring masks: a mask only removes walks), for the graph's current float kernels. A walk's exact
 * output is at most its float estimate, and a constant-product quote is at most its marginal rate at 0
 * times the input, so a walk that reaches X with at most `a` delivers at most `a × rate[X]` (times the
 * float margin). 0: X has no two-hop walk into the target.
 *
 * Built from the in-edges of the target's in-neighbours (Σ indeg(tail) over the target's in-edges, read once) and kept in the context for
 * {@link RATE_BOUND_CACHE_TARGETS} targets; rebuilt when pool states rewrite float kernels
 * (`graph.floatEdits` changed). Hub queries come back to the same few targets, so the build is paid once
 * per target and block.
 */
export function getRateBounds(context: SearchContext, target: number): Float64Array {
  const graph = context.graph
  const edits = graph.floatEdits ?? 0
  const cache = (context.rateBounds ??= new Map())
  const cached = cache.get(target)
  if (cached !== undefined && cached.floatEdits === edits) return cached.rate
  const { inStart, inEdges, edgeTail } = graph
  const n = graph.tokens.length
  let rate: Float64Array
  if (cached !== undefined) {
    rate = cached.rate
    rate.fill(0)
    cache.delete(target)
  } else {
    if (cache.size >= RATE_BOUND_CACHE_TARGETS) {
      const oldest = cache.keys().next().value as number
      rate = cache.get(oldest)!.rate
      rate.fill(0)
      cache.delete(oldest)
    } else rate = new Float64Array(n)
  }
  // Best rate of each in-neighbour Y into the target, then pushed back over Y's in-edges.
  for (let i = inStart[target]!; i < inStart[target + 1]!; i++) {
    const last = inEdges[i]!
    const Y = edgeTail[last]!
    const r1 = rateBound(graph, last)
    if (!(r1 > 0)) continue
    for (let j = inStart[Y]!; j < inStart[Y + 1]!; j++) {
      const e = inEdges[j]!
      const r0 = rateBound(graph, e)
      if (!(r0 > 0)) continue
      const r = r0 * r1
      const X = edgeTail[e]!
      if (r > rate[X]!) rate[X] = r
    }
  }
  const entry: RateBounds = { floatEdits: edits, rate }
  cache.set(target, entry)
  return rate
}
