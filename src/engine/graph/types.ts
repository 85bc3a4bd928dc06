import type { AnyProtocolAdapter, PoolEdge, PoolSnapshotBase, TokenId } from '../../protocols/types.js'

/** Float kernel of a directed edge. */
export const EDGE_KIND_CONSTANT_PRODUCT = 0
export const EDGE_KIND_CUSTOM = 1

/** A pool as the graph indexes it. */
export type GraphPool = {
  /** Snapshot the graph was built from (the block state). */
  snapshot: PoolSnapshotBase
  adapter: AnyProtocolAdapter
  /** Index of `adapter` in `TokenGraph.adapters`. */
  adapterIndex: number
  /** Directed edge ids of this pool in the graph arrays. */
  edgeIds: readonly number[]
}

/**
 * Token graph of one snapshot version: tokens by index, directed edges in CSR form (by tail and by
 * head) with a float64 kernel each. Built once per version; the float columns may be overridden
 * temporarily while a route is evaluated against moved pool states (see `overridePoolStates`).
 */
export type TokenGraph = {
  version: string
  blockNumber: bigint
  tokens: readonly TokenId[]
  tokenIndex: ReadonlyMap<TokenId, number>
  pools: readonly GraphPool[]
  adapters: readonly AnyProtocolAdapter[]
  /** Number of directed edges. */
  edgeCount: number
  /** Edge ids of token i are `outStart[i] .. outStart[i+1]-1` (edges sorted by tail, then by head). */
  outStart: Int32Array
  /** `inEdges[inStart[i] .. inStart[i+1]-1]` are the ids of edges whose head is token i. */
  inStart: Int32Array
  inEdges: Int32Array
  edgeTail: Int32Array
  edgeHead: Int32Array
  edgePool: Int32Array
  /** The adapter's PoolEdge for each edge id. */
  edgeSpec: readonly PoolEdge[]
  edgeAdapter: Uint16Array
  /** Gas of one hop, as float, per edge. */
  edgeGas: Float64Array
  edgeKind: Uint8Array
  edgeReserveIn: Float64Array
  edgeReserveOut: Float64Array
  edgeGamma: Float64Array
  edgeCustom: (((amountIn: number) => number) | undefined)[]
  /**
   * Memo of the custom kernels (see `quoteCustomEdge`): per edge, its row in the memo (-1: none yet;
   * `setEdgeFloatModel` gives one to each edge it makes custom, `memoRows` counts them), and per
   * slot (a hop position of the layered searches) the last input each row was asked for (NaN: none)
   * and the answer. Slots are allocated on first use; `setEdgeFloatModel` clears an edge's rows when
   * its kernel changes.
   */
  edgeMemoRow: Int32Array
  memoRows: number
  edgeMemo: ({ in: Float64Array; out: Float64Array } | undefined)[]
  /** Per pool, its adapter's `floatModelKey` of its state (undefined: none), when any pool has one. */
  floatModelKeys?: (string | undefined)[] | undefined
  /** Float kernels written so far (bumped by `setEdgeFloatModel`): caches derived from the kernels compare it. */
  floatEdits?: number
}
