import type { PoolSnapshotBase } from '../../protocols/types.js'
import { setEdgeFloatModel } from './setEdgeFloatModel.js'
import type { TokenGraph } from './types.js'

/**
 * Pool states of a route under construction: the block state plus the pools earlier swaps moved.
 * Moving a pool also rewrites the graph's float kernels of its edges, so later searches see the moved
 * state; `restore()` puts the block state back. A worker runs one task at a time, so the graph is
 * never shared while overridden.
 */
export class PoolStates {
  readonly graph: TokenGraph
  private readonly moved = new Map<number, PoolSnapshotBase>()

  constructor(graph: TokenGraph) {
    this.graph = graph
  }

  /** How many pools earlier swaps moved (0: every pool is at its block state). */
  get movedCount(): number {
    return this.moved.size
  }

  /** Current state of pool `poolIndex`. */
  get(poolIndex: number): PoolSnapshotBase {
    return this.moved.get(poolIndex) ?? this.graph.pools[poolIndex]!.snapshot
  }

  /** Replaces the state of pool `poolIndex` (after a swap) and refreshes its float kernels. */
  set(poolIndex: number, snapshot: PoolSnapshotBase): void {
    this.moved.set(poolIndex, snapshot)
    for (const e of this.graph.pools[poolIndex]!.edgeIds) setEdgeFloatModel(this.graph, e, snapshot)
  }

  /** Puts every moved pool back to its block state. */
  restore(): void {
    for (const poolIndex of this.moved.keys()) {
      const pool = this.graph.pools[poolIndex]!
      for (const e of pool.edgeIds) setEdgeFloatModel(this.graph, e, pool.snapshot)
    }
    this.moved.clear()
  }
}
