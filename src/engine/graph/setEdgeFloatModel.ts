import type { PoolSnapshotBase } from '../../protocols/types.js'
import { EDGE_KIND_CONSTANT_PRODUCT, EDGE_KIND_CUSTOM, type TokenGraph } from './types.js'

/**
 * Writes the float kernel of edge `e` from a state of its pool (the block state, or a moved state
 * while a route is being evaluated) and clears the edge's memo in every slot (`quoteCustomEdge`). Bumps `graph.floatEdits`, which invalidates caches derived from
 * the kernels (`getRateBounds`).
 */
export function setEdgeFloatModel(graph: TokenGraph, e: number, snapshot: PoolSnapshotBase): void {
  graph.floatEdits = (graph.floatEdits ?? 0) + 1
  const row = graph.edgeMemoRow[e]!
  if (row >= 0) for (const memo of graph.edgeMemo) if (memo !== undefined && row < memo.in.length) memo.in[row] = Number.NaN
  const pool = graph.pools[graph.edgePool[e]!]!
  const model = pool.adapter.getFloatModel(snapshot, graph.edgeSpec[e]!)
  if (model.kind === 'constantProduct') {
    graph.edgeKind[e] = EDGE_KIND_CONSTANT_PRODUCT
    graph.edgeReserveIn[e] = model.reserveIn
    graph.edgeReserveOut[e] = model.reserveOut
    graph.edgeGamma[e] = model.gamma
    graph.edgeCustom[e] = undefined
  } else {
    graph.edgeKind[e] = EDGE_KIND_CUSTOM
    if (row < 0) graph.edgeMemoRow[e] = graph.memoRows++
    graph.edgeCustom[e] = model.quote
  }
}
