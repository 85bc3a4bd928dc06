import { quoteEdgeFloat } from './runLayeredDp.js'
import type { SearchContext, SearchMask } from './searchContext.js'

/** Parameters of {@link probeBestRate}. */
export type ProbeBestRateParameters = {
  source: number
  target: number
  /** Float input amount (a vanishing fraction of the real input). */
  probe: number
  maxHops: number
  mask: SearchMask
}

/** Result of {@link probeBestRate}. */
export type ProbeBestRateReturnType = {
  /** Best float output of the probe (0 when the target is unreachable). */
  best: number
  /** Edges looked at (the work bound below; tests hold the search to it). */
  edgeVisits: number
}

/** Reusable buffers of {@link probeBestRate} for one graph (token-indexed, allocated on first use). */
export type ProbeScratch = {
  /** Best float amount per token at the current and the next layer. */
  amounts: Float64Array
  next: Float64Array
  /** Tokens reached at the current and the next layer. */
  frontier: Int32Array
  reached: Int32Array
  /** 1 for tokens with an allowed edge into the target (set and cleared by each call). */
  nearTarget: Uint8Array
}

function getProbeScratch(context: SearchContext): ProbeScratch {
  let scratch = context.probeScratch
  if (scratch === undefined) {
    const n = context.graph.tokens.length
    scratch = { amounts: new Float64Array(n), next: new Float64Array(n), frontier: new Int32Array(n), reached: new Int32Array(n), nearTarget: new Uint8Array(n) }
    context.probeScratch = scratch
  }
  return scratch
}

/**
 * Best float output of `probe` over walks of at most `maxHops` allowed edges from `source` to
 * `target` (0 when the target is unreachable). Not the layered DP: that one rounds amounts down to
 * whole units, and at a vanishing probe every amount rounds to nothing.
 *
 * Work bound (issue 20, the engine at scale): a walk's last hop must enter the target, so a token is
 * carried into layer `maxHops - 1` only if it has an edge into the target, and the last layer reads
 * the target's in-edges instead of every reached token's out-edges. With 3 hops a call therefore
 * visits at most deg(source) + Σ deg(X) over the source's out-neighbours X + 2 × indeg(target)
 * edges (`edgeVisits`), not
 * the whole 2-hop neighbourhood's degrees (which, through hub tokens, is most of the graph).
 * The result is the same maximum: no walk that reaches the target is dropped. No allocation: the
 * buffers live in the search context and every touched entry is reset before returning.
 */
export function probeBestRate(context: SearchContext, { source, target, probe, maxHops, mask }: ProbeBestRateParameters): ProbeBestRateReturnType {
  const graph = context.graph
  const { outStart, edgeHead, edgeTail, edgeAdapter, edgePool, inStart, inEdges } = graph
  const { adapterEnabled, poolBanned } = mask
  const s = getProbeScratch(context)
  let { amounts, next, frontier, reached } = s
  const nearTarget = s.nearTarget
  const allowed = (e: number): boolean => adapterEnabled[edgeAdapter[e]!] === 1 && (poolBanned === undefined || poolBanned[edgePool[e]!] === 0)
  const tStart = inStart[target]!
  const tEnd = inStart[target + 1]!
  for (let i = tStart; i < tEnd; i++) {
    const e = inEdges[i]!
    if (allowed(e)) nearTarget[edgeTail[e]!] = 1
  }
  let best = 0
  let edgeVisits = tEnd - tStart
  amounts[source] = probe
  frontier[0] = source
  let frontierLength = 1
  for (let k = 0; k < maxHops && frontierLength > 0; k++) {
    let reachedLength = 0
    if (k === maxHops - 1) {
      // Last hop: only the target's in-edges can end a walk.
      edgeVisits += tEnd - tStart
      for (let i = tStart; i < tEnd; i++) {
        const e = inEdges[i]!
        const a = amounts[edgeTail[e]!]!
        if (a > 0 && allowed(e)) {
          const v = quoteEdgeFloat(graph, e, a)
          if (v > best) best = v
        }
      }
    } else {
      const keepOnlyNearTarget = k + 1 === maxHops - 1
      for (let fi = 0; fi < frontierLength; fi++) {
        const x = frontier[fi]!
        const a = amounts[x]!
        const eEnd = outStart[x + 1]!
        edgeVisits += eEnd - outStart[x]!
        for (let e = outStart[x]!; e < eEnd; e++) {
          const y = edgeHead[e]!
          if (y !== target && keepOnlyNearTarget && nearTarget[y] === 0) continue
          if (!allowed(e)) continue
          const v = quoteEdgeFloat(graph, e, a)
          if (!(v > 0)) continue
          if (y === target) {
            if (v > best) best = v
          } else {
            if (next[y] === 0) reached[reachedLength++] = y
            if (v > next[y]!) next[y] = v
          }
        }
      }
    }
    for (let fi = 0; fi < frontierLength; fi++) amounts[frontier[fi]!] = 0
    ;[amounts, next] = [next, amounts]
    ;[frontier, reached] = [reached, frontier]
    frontierLength = reachedLength
  }
  for (let fi = 0; fi < frontierLength; fi++) amounts[frontier[fi]!] = 0
  for (let i = tStart; i < tEnd; i++) nearTarget[edgeTail[inEdges[i]!]!] = 0
  return { best, edgeVisits }
}
