import type { TokenGraph } from '../graph/types.js'
import type { SearchMask } from './searchContext.js'

/** Parameters of {@link bruteForceBestPath}. */
export type BruteForceBestPathParameters = {
  source: number
  target: number
  amountIn: bigint
  maxHops: number
  mask?: SearchMask | undefined
}

/**
 * Reference implementation: enumerates every simple path (no token or pool twice) of at most
 * `maxHops` hops with exact bigint quotes on the block state, and returns the best output with its
 * edges. Exponential; for tests and the benchmark's exact reference only. The last hop is only tried
 * into the target, which prunes nothing that could reach it.
 */
export function bruteForceBestPath(graph: TokenGraph, { source, target, amountIn, maxHops, mask }: BruteForceBestPathParameters): {
  amountOut: bigint
  edges: number[]
} {
  const { outStart, edgeHead, edgePool, edgeSpec, edgeAdapter, inStart, inEdges, edgeTail } = graph
  const nearTarget = new Set<number>()
  for (let i = inStart[target]!; i < inStart[target + 1]!; i++) nearTarget.add(edgeTail[inEdges[i]!]!)
  const allowed = (e: number): boolean =>
    (mask === undefined || mask.adapterEnabled[edgeAdapter[e]!] === 1) && (mask?.poolBanned === undefined || mask.poolBanned[edgePool[e]!] === 0)
  const quote = (e: number, amount: bigint): bigint => {
    const pool = graph.pools[edgePool[e]!]!
    return pool.adapter.quote(pool.snapshot, { edge: edgeSpec[e]!, amountIn: amount })
  }
  let bestOut = 0n
  let bestEdges: number[] = []
  const visitedTokens = new Set<number>([source])
  const usedPools = new Set<number>()
  const path: number[] = []
  const visit = (token: number, amount: bigint, depth: number): void => {
    for (let e = outStart[token]!; e < outStart[token + 1]!; e++) {
      const head = edgeHead[e]!
      const pool = edgePool[e]!
      if (visitedTokens.has(head) || usedPools.has(pool) || !allowed(e)) continue
      if (head !== target && (depth + 1 >= maxHops || (depth + 2 === maxHops && !nearTarget.has(head)))) continue
      const out = quote(e, amount)
      if (out === 0n) continue
      path.push(e)
      if (head === target) {
        if (out > bestOut) {
          bestOut = out
          bestEdges = [...path]
        }
      } else {
        visitedTokens.add(head)
        usedPools.add(pool)
        visit(head, out, depth + 1)
        visitedTokens.delete(head)
        usedPools.delete(pool)
      }
      path.pop()
    }
  }
  visit(source, amountIn, 0)
  return { amountOut: bestOut, edges: bestEdges }
}
