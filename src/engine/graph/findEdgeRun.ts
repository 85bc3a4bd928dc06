import type { TokenGraph } from './types.js'

/**
 * First id of the edges from token `tail` to token `head`, or -1 when there is none. The edges of a
 * tail are sorted by head (see `buildGraph`), so the edges between the two tokens (one per pool
 * joining them) are the ids from the returned one on while `edgeHead` stays `head`.
 * Binary search: at most ⌈log2(outdeg(tail) + 1)⌉ + 1 reads of `edgeHead`.
 */
export function findEdgeRun(graph: TokenGraph, tail: number, head: number): number {
  const { outStart, edgeHead } = graph
  let lo = outStart[tail]!
  let hi = outStart[tail + 1]!
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (edgeHead[mid]! < head) lo = mid + 1
    else hi = mid
  }
  return lo < outStart[tail + 1]! && edgeHead[lo] === head ? lo : -1
}
