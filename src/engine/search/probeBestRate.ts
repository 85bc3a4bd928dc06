import { findEdgeRun } from '../graph/findEdgeRun.js'
import { PROBE_MEMO_SLOT } from '../graph/quoteCustomEdge.js'
import { RATE_BOUND_MIN_IN_DEGREE, getRateBounds } from './getRateBounds.js'
import { FLOAT_MARGIN, RANDOM_READ_COST, quoteEdgeFloat } from './runLayeredDp.js'
import type { ProbeScratch, SearchContext, SearchMask } from './searchContext.js'

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


function getProbeScratch(context: SearchContext): ProbeScratch {
  let scratch = context.probeScratch
  if (scratch === undefined) {
    const n = context.graph.tokens.length
    scratch = { amounts: new Float64Array(n), next: new Float64Array(n), frontier: new Int32Array(n), reached: new Int32Array(n), nearTarget: new Uint8Array(n), nearList: new Int32Array(n) }
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
 * the target's in-edges instead of every reached token's out-edges. The hop into the target's
 * in-neighbours reads the cheapest side, as the layered DP's last relaxation does: the frontier's
 * out-edges (Σ outdeg(X)), the in-neighbours' in-edges (Σ indeg(Y)), or each (X, Y) pair by binary
 * search (Σ over X of |Y| × (⌈log2(outdeg(X) + 1)⌉ + 2)), reads out of order weighted by
 * `RANDOM_READ_COST`. With 3 hops a call therefore visits at most deg(source) +
 * min(forward, RANDOM_READ_COST × min(reverse, pairs)) + 3 × indeg(target) edges (`edgeVisits`; 4 × indeg(target) into a hub-like target, plus the rate bounds' one build per target), not the whole
 * 2-hop neighbourhood's degrees (which, through hub tokens, is most of the graph).
 * Into a hub-like target, frontier tokens that cannot beat the best walk so far by their two-hop rate
 * bound (`getRateBounds`) are not relaxed, which only lowers the visits.
 * The result is the same maximum: no walk that could beat it is dropped. No allocation: the
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
  const nearList = s.nearList
  let nearLength = 0
  let reverseCost = 0
  for (let i = tStart; i < tEnd; i++) {
    const e = inEdges[i]!
    const y = edgeTail[e]!
    if (nearTarget[y] === 1 || !allowed(e)) continue
    nearTarget[y] = 1
    nearList[nearLength++] = y
    reverseCost += inStart[y + 1]! - inStart[y]!
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
          const v = quoteEdgeFloat(graph, e, a, PROBE_MEMO_SLOT)
          if (v > best) best = v
        }
      }
    } else {
      const keepOnlyNearTarget = k + 1 === maxHops - 1
      const reach = (e: number, y: number, a: number): void => {
        if (!allowed(e)) return
        const v = quoteEdgeFloat(graph, e, a, PROBE_MEMO_SLOT)
        if (!(v > 0)) return
        if (next[y] === 0) reached[reachedLength++] = y
        if (v > next[y]!) next[y] = v
      }
      // Into the target's in-neighbours only: read the cheaper side, as the layered DP's last
      // relaxation does (runLayeredDp): the in-neighbours' in-edges, or each (x, y) pair by binary search.
      if (keepOnlyNearTarget && tEnd - tStart >= RATE_BOUND_MIN_IN_DEGREE) {
        // Into a hub-like target (issue 20, hub queries): the walks that end in this hop first, then
        // only the frontier tokens whose amount times their two-hop rate bound (getRateBounds) can beat
        // the best so far go on: the others' walks end below it, so the maximum is the same.
        edgeVisits += tEnd - tStart
        for (let i = tStart; i < tEnd; i++) {
          const e = inEdges[i]!
          const a = amounts[edgeTail[e]!]!
          if (a > 0 && allowed(e)) {
            const v = quoteEdgeFloat(graph, e, a, PROBE_MEMO_SLOT)
            if (v > best) best = v
          }
        }
        const rates = getRateBounds(context, target)
        let kept = 0
        for (let fi = 0; fi < frontierLength; fi++) {
          const x = frontier[fi]!
          if (amounts[x]! * rates[x]! * (1 + 4 * FLOAT_MARGIN) > best) frontier[kept++] = x
          else amounts[x] = 0
        }
        frontierLength = kept
      }
      let forwardCost = 0
      let pairCost = 0
      if (keepOnlyNearTarget) {
        for (let fi = 0; fi < frontierLength; fi++) {
          const degree = outStart[frontier[fi]! + 1]! - outStart[frontier[fi]!]!
          forwardCost += degree
          pairCost += nearLength * (34 - Math.clz32(degree))
        }
      }
      if (keepOnlyNearTarget && (RANDOM_READ_COST * reverseCost < forwardCost || RANDOM_READ_COST * pairCost < forwardCost)) {
        // Walks that end at the target in this hop: its in-edges from the frontier.
        edgeVisits += tEnd - tStart
        for (let i = tStart; i < tEnd; i++) {
          const e = inEdges[i]!
          const a = amounts[edgeTail[e]!]!
          if (a > 0 && allowed(e)) {
            const v = quoteEdgeFloat(graph, e, a, PROBE_MEMO_SLOT)
            if (v > best) best = v
          }
        }
        if (pairCost <= reverseCost) {
          edgeVisits += pairCost
          for (let fi = 0; fi < frontierLength; fi++) {
            const x = frontier[fi]!
            const a = amounts[x]!
            const eEnd = outStart[x + 1]!
            for (let yi = 0; yi < nearLength; yi++) {
              const y = nearList[yi]!
              for (let e = findEdgeRun(graph, x, y); e >= 0 && e < eEnd && edgeHead[e] === y; e++) reach(e, y, a)
            }
          }
        } else {
          edgeVisits += reverseCost
          for (let yi = 0; yi < nearLength; yi++) {
            const y = nearList[yi]!
            const iEnd = inStart[y + 1]!
            for (let i = inStart[y]!; i < iEnd; i++) {
              const e = inEdges[i]!
              const a = amounts[edgeTail[e]!]!
              if (a > 0) reach(e, y, a)
            }
          }
        }
      } else for (let fi = 0; fi < frontierLength; fi++) {
        const x = frontier[fi]!
        const a = amounts[x]!
        const eEnd = outStart[x + 1]!
        edgeVisits += eEnd - outStart[x]!
        for (let e = outStart[x]!; e < eEnd; e++) {
          const y = edgeHead[e]!
          if (y !== target && keepOnlyNearTarget && nearTarget[y] === 0) continue
          if (!allowed(e)) continue
          const v = quoteEdgeFloat(graph, e, a, PROBE_MEMO_SLOT)
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
