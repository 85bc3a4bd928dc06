import { quoteCustomEdge } from '../graph/quoteCustomEdge.js'
import { EDGE_KIND_CONSTANT_PRODUCT, EDGE_KIND_CUSTOM, type TokenGraph } from '../graph/types.js'

/*
 * The layered search's shared pieces (its cost model, constraints and float kernels), apart so that
 * runLayeredDp and forwardLayers both build on them without importing each other.
 */

/**
 * Cost of an edge read out of order (the heads' side of the last relaxation: `inEdges`, binary
 * searches) against one read in order (a tail's out-edges are contiguous), when choosing the side to
 * read. Measured on the 250,000-pool bench graph: a hub-to-hub relaxation read from the heads took
 * 21 ms for 336k edges (~60 ns an edge, cache misses), from the tails 6 ms for 366k (~16 ns an edge).
 */
export const RANDOM_READ_COST = 4

/** Relative margin covering float64 error of the kernels (each kernel is an upper estimate). */
export const FLOAT_MARGIN = 1e-9

/** Constraints of one node of the exact best-first search (all layers are 1-based hop positions). */
export type DpConstraints = {
  /** Edges forced at layers 1..prefix.length. */
  prefix: readonly number[]
  /** [layer, edge] pairs: that edge may not be hop `layer`. */
  bannedEdges: readonly (readonly [number, number])[]
  /** [layer, token]: that token may not be the head of hop `layer`. */
  bannedTokens: readonly (readonly [number, number])[]
  /** [layer, pool]: that pool may not carry hop `layer`. */
  bannedPools: readonly (readonly [number, number])[]
}

/** Float output of edge `e` for input `a` (0 when the edge cannot trade); `slot`: the custom kernels' memo slot (`quoteCustomEdge`), the hop position in a layered search. */
export function quoteEdgeFloat(graph: TokenGraph, e: number, a: number, slot = 0): number {
  const kind = graph.edgeKind[e]
  if (kind === EDGE_KIND_CONSTANT_PRODUCT) {
    const g = graph.edgeGamma[e]! * a
    return (graph.edgeReserveOut[e]! * g) / (graph.edgeReserveIn[e]! + g)
  }
  if (kind === EDGE_KIND_CUSTOM) {
    const v = quoteCustomEdge(graph, e, a, slot)
    return v > 0 ? v : 0
  }
  return 0
}

/**
 * Upper estimate of an exact amount, from a float upper estimate: exact amounts are whole units, so
 * the estimate (with the float margin) rounds down to one. Below 1 the exact amount is 0.
 */
export function wholeUnits(estimate: number): number {
  return Math.floor(estimate * (1 + FLOAT_MARGIN))
}

/** Whether `list` holds the pair [layer, x] (a constraint's ban at one layer). */
export function hasPair(list: readonly (readonly [number, number])[], layer: number, x: number): boolean {
  for (const [l, v] of list) if (l === layer && v === x) return true
  return false
}

