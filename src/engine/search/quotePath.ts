import type { PoolStates } from '../graph/poolStates.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'

/** Exact amounts along a path. */
export type PathQuote = {
  /** Edge ids, source to target. */
  edges: readonly number[]
  /** `amounts[0]` is the input, `amounts[i+1]` the output of hop i. */
  amounts: readonly bigint[]
  amountOut: bigint
  /** Sum of the adapters' gas per hop. */
  gas: bigint
}

/** A pool-state view: `PoolStates` plus, optionally, unsaved moves of a simulation. */
export type StateView = { get(poolIndex: number): PoolSnapshotBase }

/**
 * Quotes a path exactly (bigint, adapter math) against the given pool states, executing each hop's
 * swap so that a pool used twice sees its moved state. Returns the moved states in `moved` when given.
 */
export function quotePath(
  states: PoolStates,
  { edges, amountIn, view, moved }: { edges: readonly number[]; amountIn: bigint; view?: StateView | undefined; moved?: Map<number, PoolSnapshotBase> | undefined },
): PathQuote {
  const graph = states.graph
  const amounts: bigint[] = [amountIn]
  let amount = amountIn
  let gas = 0n
  // Without a caller map and with distinct pools, plain quotes suffice (no moved states to build).
  const local = moved ?? (hasRepeatedPool(graph.edgePool, edges) ? new Map<number, PoolSnapshotBase>() : undefined)
  for (const e of edges) {
    const poolIndex = graph.edgePool[e]!
    const pool = graph.pools[poolIndex]!
    const state = local?.get(poolIndex) ?? (view ?? states).get(poolIndex)
    gas += pool.adapter.gasPerHop
    if (amount === 0n) {
      amounts.push(0n)
      continue
    }
    if (local === undefined) {
      amount = pool.adapter.quote(state, { edge: graph.edgeSpec[e]!, amountIn: amount })
    } else {
      const result = pool.adapter.swap(state, { edge: graph.edgeSpec[e]!, amountIn: amount })
      amount = result.amountOut
      local.set(poolIndex, result.snapshot)
    }
    amounts.push(amount)
  }
  return { edges, amounts, amountOut: amount, gas }
}

function hasRepeatedPool(edgePool: Int32Array, edges: readonly number[]): boolean {
  for (let i = 1; i < edges.length; i++) for (let j = 0; j < i; j++) if (edgePool[edges[i]!] === edgePool[edges[j]!]) return true
  return false
}

/** Gas cost in output-token units: `gas * priceWad / 1e18`. */
export function gasCost(gas: bigint, gasPriceWad: bigint): bigint {
  return (gas * gasPriceWad) / 10n ** 18n
}
