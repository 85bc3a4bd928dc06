import { findEdgeRun } from '../graph/findEdgeRun.js'
import { quoteCustomEdge } from '../graph/quoteCustomEdge.js'
import { EDGE_KIND_CONSTANT_PRODUCT, EDGE_KIND_CUSTOM } from '../graph/types.js'
import { RATE_BOUND_MIN_IN_DEGREE, getRateBounds } from './getRateBounds.js'
import { FORWARD_LAYERS_MIN_HOPS, type ForwardShare, recordForwardLayers, restoreForwardLayers } from './forwardLayers.js'
import { getScratch, type SearchContext, type SearchMask } from './searchContext.js'

import { RANDOM_READ_COST, FLOAT_MARGIN, type DpConstraints, quoteEdgeFloat, wholeUnits, hasPair } from './dpKernel.js'

export { RANDOM_READ_COST, FLOAT_MARGIN, type DpConstraints, quoteEdgeFloat, wholeUnits, hasPair }

/** A layered search query. */
export type DpQuery = {
  source: number
  target: number
  amountIn: number
  maxHops: number
  mask: SearchMask
  /** Value of one gas unit in target-token units; 0 turns gas-awareness off. */
  gasPrice: number
  /** Cheapest gas of any hop (for lower bounds). */
  minGasPerHop: number
  /**
   * A score the caller already holds (an exactly quoted walk's). Walks that cannot score above it may
   * be left out of the run; its bounds then cover them by this score (see the last relaxation).
   */
  pruneBelow?: number | undefined
  /**
   * Root runs only (no constraints): share the forward layers (hops 1 to H-2, which do not depend on the
   * pools banned beyond a base mask except through what those pools carry) between the searches of one
   * query at several pool bans (see `forwardLayers`). The run's answer is the same either way.
   */
  forward?: ForwardShare | undefined
}

/** Best walk of a node and bounds on everything else in it. */
export type DpResult = {
  /** Edge ids from source to target. */
  walk: number[]
  /** Float output of the walk (an upper estimate of its exact output when the walk is simple). */
  estimate: number
  /** `estimate` minus the walk's gas cost. */
  score: number
  /** Upper bound of the score of every other walk satisfying the constraints. */
  alternativeBound: number
  /** Edges the run looked at (its work; tests hold it to the bound stated on the last relaxation). */
  edgeVisits: number
}

/**
 * Layered best-amount DP (Bellman-Ford by hop count) over walks from `source` to `target`:
 * `value[k][Y] = max over edges X→Y of quote(value[k-1][X])`. Source and target never appear as
 * intermediate tokens, so for up to 3 hops over two-token pools every walk it considers is a simple
 * path. Quotes are monotone in the input, so the best walk's estimate bounds every walk satisfying
 * the constraints from above. It also returns a bound on every other walk (second-best amounts along
 * the chosen chain pushed through its suffix), which lets the caller certify optimality cheaply.
 *
 * @returns the best walk, or undefined when the target is unreachable under the constraints (or, with
 * `pruneBelow`, when no walk can score above it)
 */
export function runLayeredDp(context: SearchContext, query: DpQuery, constraints?: DpConstraints): DpResult | undefined {
  const graph = context.graph
  const { source, target, maxHops: H, mask, gasPrice, minGasPerHop } = query
  const n = graph.tokens.length
  const s = getScratch(context, H)
  const { value, second, back, stamp, frontier, frontierLength, nearTarget, nearList } = s
  const run = ++s.run
  const { outStart, edgeHead, edgePool, edgeAdapter, edgeKind, edgeReserveIn, edgeReserveOut, edgeGamma, inStart, inEdges, edgeTail } = graph
  const adapterEnabled = mask.adapterEnabled
  const poolBanned = mask.poolBanned
  const c = constraints !== undefined && (constraints.bannedEdges.length > 0 || constraints.bannedTokens.length > 0 || constraints.bannedPools.length > 0) ? constraints : undefined

  // Start state: the source, or the end of the forced prefix.
  let startLayer = 0
  let startToken = source
  let startAmount = query.amountIn
  let prefixGas = 0
  if (constraints !== undefined) {
    for (const e of constraints.prefix) {
      startAmount = wholeUnits(quoteEdgeFloat(graph, e, startAmount, startLayer + 1))
      prefixGas += graph.edgeGas[e]!
      startToken = edgeHead[e]!
      startLayer++
    }
    if (!(startAmount >= 1) || startLayer > H) return undefined
    if (startToken === target) return undefined
  }
  for (let k = 0; k <= H; k++) frontierLength[k] = 0
  {
    const idx = startLayer * n + startToken
    value[idx] = startAmount
    second[idx] = 0
    back[idx] = -1
    stamp[idx] = run
    frontier[startLayer]![0] = startToken
    frontierLength[startLayer] = 1
  }

  // Tokens with an edge into the target: the only useful heads of hop H-1. `reverseCost` is the
  // number of edges into them, the cost of relaxing hop H-1 from the heads' side.
  const tStart = inStart[target]!
  const tEnd = inStart[target + 1]!
  let nearLength = 0
  let reverseCost = 0
  for (let i = tStart; i < tEnd; i++) {
    const Y = edgeTail[inEdges[i]!]!
    if (nearTarget[Y] === 1) continue
    nearTarget[Y] = 1
    nearList[nearLength++] = Y
    reverseCost += inStart[Y + 1]! - inStart[Y]!
  }
  let edgeVisits = 0
  // Pruning (issue 20, hub queries): into a hub-like target, a token X of layer H-2 whose amount times
  // its two-hop rate bound (getRateBounds), less the least gas of H hops, cannot beat `pruneBelow` is
  // not relaxed: every walk through it scores at most `pruneBelow`. Between two hubs the last relaxation
  // reads most of the graph from the other hubs, and an extra hop through a hub rarely beats the best
  // shorter walk, so most of those reads go.
  const pruneBelow = query.pruneBelow ?? -Infinity
  const rates = pruneBelow > -Infinity && H >= 2 && tEnd - tStart >= RATE_BOUND_MIN_IN_DEGREE ? getRateBounds(context, target) : undefined
  const pruneGas = gasPrice * H * minGasPerHop
  let pruned = false

  // Forward layers shared between the searches of one query at several pool bans (forwardLayers): layers
  // 1 to H-2, and H-1 too when this run's last relaxation prunes nothing.
  // A run with constraints but no forced prefix starts from the same source amount: it restores too,
  // its bans at each layer relaxed again like extra pools; only a root run (no constraints) records.
  const forward = startLayer === 0 && H >= FORWARD_LAYERS_MIN_HOPS && query.forward !== undefined && (constraints === undefined || !('record' in query.forward)) ? query.forward : undefined
  const shareLayers = rates === undefined ? H - 1 : H - 2
  let firstLayer = startLayer + 1
  if (forward !== undefined && 'extra' in forward) {
    const restored = restoreForwardLayers(context, query, { ...forward, constraints: c, near: { reverseCost } }, s, run, shareLayers)
    if (restored !== undefined) {
      // The work meter counts what a fresh run would read (so a search's edge cap stops it after the
      // same runs, whatever they restored); what the restore saved is counted apart.
      let fresh = 0
      for (let k = 1; k <= restored.layers; k++) {
        const from = frontier[k - 1]!
        let forwardCost = 0
        let pairCost = 0
        for (let fi = 0; fi < frontierLength[k - 1]!; fi++) {
          const degree = outStart[from[fi]! + 1]! - outStart[from[fi]!]!
          forwardCost += degree
          pairCost += nearLength * (34 - Math.clz32(degree))
        }
        fresh += k === H - 1 && (RANDOM_READ_COST * reverseCost < forwardCost || RANDOM_READ_COST * pairCost < forwardCost) ? Math.min(pairCost, reverseCost) : forwardCost
      }
      edgeVisits += fresh
      context.edgeReadsSaved = (context.edgeReadsSaved ?? 0) + fresh - restored.reads
      firstLayer = restored.layers + 1
    }
  }

  for (let k = firstLayer; k < H; k++) {
    const to = frontier[k]!
    let toLength = 0
    const lastRelax = k === H - 1
    const base = k * n
    // Work bound (issue 20, the engine at scale): hop H-1 relaxes exactly the edges X→Y with X
    // reached at layer H-2 and Y next to the target. Read from the tails, that is Σ outdeg(X) over the
    // frontier (through a hub, most of the graph); read from the heads, Σ indeg(Y) over the target's
    // in-neighbours; or, pair by pair, a binary search of X's out-edges (sorted by head) for each Y,
    // Σ over X of |Y| × (⌈log2(outdeg(X) + 1)⌉ + 2) reads. The cheapest of the three is read, reads out
    // of order weighted by RANDOM_READ_COST, so this hop costs at most
    // min(forward, RANDOM_READ_COST × min(reverse, pairs)) edge reads, and a query between two ordinary
    // tokens never reads a hub's edges. The same edges pass the same filters and give the same amounts, so the
    // DP's values do not depend on the side read (a tie between equal amounts may keep another edge).
    let forwardCost = 0
    let pairCost = 0
    let from = frontier[k - 1]!
    let fromLength = frontierLength[k - 1]!
    if (lastRelax && rates !== undefined) {
      // Kept tokens go to the spare frontier of layer H (never a relaxation's source).
      const kept = frontier[H]!
      let keptLength = 0
      for (let fi = 0; fi < fromLength; fi++) {
        const X = from[fi]!
        if (value[(k - 1) * n + X]! * rates[X]! * (1 + 4 * FLOAT_MARGIN) - pruneGas > pruneBelow) kept[keptLength++] = X
      }
      if (keptLength < fromLength) {
        pruned = true
        from = kept
        fromLength = keptLength
      }
    }
    if (lastRelax) {
      for (let fi = 0; fi < fromLength; fi++) {
        const degree = outStart[from[fi]! + 1]! - outStart[from[fi]!]!
        forwardCost += degree
        pairCost += nearLength * (34 - Math.clz32(degree))
      }
    }
    const prev = (k - 1) * n
    if (lastRelax && (RANDOM_READ_COST * reverseCost < forwardCost || RANDOM_READ_COST * pairCost < forwardCost)) {
      const pairs = pairCost <= reverseCost
      edgeVisits += pairs ? pairCost : reverseCost
      const relax = (e: number, Y: number, a: number): void => {
        if (adapterEnabled[edgeAdapter[e]!] === 0) return
        if (poolBanned !== undefined && poolBanned[edgePool[e]!] === 1) return
        if (c !== undefined && (hasPair(c.bannedEdges, k, e) || hasPair(c.bannedTokens, k, Y) || hasPair(c.bannedPools, k, edgePool[e]!))) return
        const v = wholeUnits(quoteEdgeFloat(graph, e, a, k))
        if (!(v >= 1)) return
        const idx = base + Y
        if (stamp[idx] !== run) {
          stamp[idx] = run
          value[idx] = v
          second[idx] = 0
          back[idx] = e
          to[toLength++] = Y
        } else if (v > value[idx]!) {
          second[idx] = value[idx]!
          value[idx] = v
          back[idx] = e
        } else if (v > second[idx]!) second[idx] = v
      }
      if (pairs) {
        for (let fi = 0; fi < fromLength; fi++) {
          const X = from[fi]!
          const a = value[prev + X]!
          const eEnd = outStart[X + 1]!
          for (let yi = 0; yi < nearLength; yi++) {
            const Y = nearList[yi]!
            if (Y === source) continue
            for (let e = findEdgeRun(graph, X, Y); e >= 0 && e < eEnd && edgeHead[e] === Y; e++) relax(e, Y, a)
          }
        }
      } else {
        for (let yi = 0; yi < nearLength; yi++) {
          const Y = nearList[yi]!
          if (Y === source) continue
          const iEnd = inStart[Y + 1]!
          for (let i = inStart[Y]!; i < iEnd; i++) {
            const e = inEdges[i]!
            const X = edgeTail[e]!
            if (stamp[prev + X] !== run) continue
            if (rates !== undefined && value[prev + X]! * rates[X]! * (1 + 4 * FLOAT_MARGIN) - pruneGas <= pruneBelow) continue
            relax(e, Y, value[prev + X]!)
          }
        }
      }
      frontierLength[k] = toLength
      continue
    }
    edgeVisits += lastRelax ? forwardCost : 0
    for (let fi = 0; fi < fromLength; fi++) {
      const X = from[fi]!
      const a = value[(k - 1) * n + X]!
      const eEnd = outStart[X + 1]!
      for (let e = outStart[X]!; e < eEnd; e++) {
        const Y = edgeHead[e]!
        if (Y === target || Y === source) continue
        if (lastRelax && nearTarget[Y] === 0) continue
        if (adapterEnabled[edgeAdapter[e]!] === 0) continue
        if (poolBanned !== undefined && poolBanned[edgePool[e]!] === 1) continue
        if (c !== undefined && (hasPair(c.bannedEdges, k, e) || hasPair(c.bannedTokens, k, Y) || hasPair(c.bannedPools, k, edgePool[e]!))) continue
        let v: number
        const kind = edgeKind[e]
        if (kind === EDGE_KIND_CONSTANT_PRODUCT) {
          const g = edgeGamma[e]! * a
          v = (edgeReserveOut[e]! * g) / (edgeReserveIn[e]! + g)
        } else if (kind === EDGE_KIND_CUSTOM) v = quoteCustomEdge(graph, e, a, k)
        else continue
        v = wholeUnits(v)
        if (!(v >= 1)) continue
        const idx = base + Y
        if (stamp[idx] !== run) {
          stamp[idx] = run
          value[idx] = v
          second[idx] = 0
          back[idx] = e
          to[toLength++] = Y
        } else if (v > value[idx]!) {
          second[idx] = value[idx]!
          value[idx] = v
          back[idx] = e
        } else if (v > second[idx]!) second[idx] = v
      }
    }
    frontierLength[k] = toLength
    if (!lastRelax) for (let fi = 0; fi < fromLength; fi++) edgeVisits += outStart[from[fi]! + 1]! - outStart[from[fi]!]!
  }
  if (forward !== undefined && 'record' in forward) recordForwardLayers(context, query, s, run, shareLayers)
  edgeVisits += tEnd - tStart

  // Final hops: every enabled edge into the target, from every layer.
  let bestScore = -Infinity
  let bestEstimate = 0
  let bestLayer = -1
  let bestEdge = -1
  // Top two upper bounds over final candidates, to bound "every walk but the best".
  let upper1 = -Infinity
  let upper1Layer = -1
  let upper1Edge = -1
  let upper2 = -Infinity
  for (let i = tStart; i < tEnd; i++) {
    const e = inEdges[i]!
    const X = edgeTail[e]!
    nearTarget[X] = 0
    if (adapterEnabled[edgeAdapter[e]!] === 0) continue
    if (poolBanned !== undefined && poolBanned[edgePool[e]!] === 1) continue
    for (let k = startLayer + 1; k <= H; k++) {
      const idx = (k - 1) * n + X
      if (stamp[idx] !== run) continue
      if (k - 1 === 0 && X !== source) continue
      if (c !== undefined && (hasPair(c.bannedEdges, k, e) || hasPair(c.bannedTokens, k, target) || hasPair(c.bannedPools, k, edgePool[e]!))) continue
      const v = wholeUnits(quoteEdgeFloat(graph, e, value[idx]!, k))
      if (!(v >= 1)) continue
      let score = v
      let upper = v * (1 + FLOAT_MARGIN)
      if (gasPrice > 0) {
        let gas = graph.edgeGas[e]! + prefixGas
        for (let layer = k - 1, tok = X; layer > startLayer; layer--) {
          const be = back[layer * n + tok]!
          gas += graph.edgeGas[be]!
          tok = edgeTail[be]!
        }
        score = v - gasPrice * gas
        upper -= gasPrice * ((k - 1) * minGasPerHop + graph.edgeGas[e]!)
      }
      if (score > bestScore) {
        bestScore = score
        bestEstimate = v
        bestLayer = k
        bestEdge = e
      }
      if (upper > upper1) {
        upper2 = upper1
        upper1 = upper
        upper1Layer = k
        upper1Edge = e
      } else if (upper > upper2) upper2 = upper
    }
  }
  context.edgeReads += edgeVisits
  if (bestLayer < 0) return undefined

  // The chosen walk, from the target back to the start state.
  const walk: number[] = new Array(bestLayer)
  walk[bestLayer - 1] = bestEdge
  for (let layer = bestLayer - 1, tok = edgeTail[bestEdge]!; layer > startLayer; layer--) {
    const be = back[layer * n + tok]!
    walk[layer - 1] = be
    tok = edgeTail[be]!
  }
  if (constraints !== undefined) for (let i = 0; i < constraints.prefix.length; i++) walk[i] = constraints.prefix[i]!

  // Bound on every other walk: other final candidates, and walks that leave the chain at a state
  // through its second-best incoming edge and then follow the chain's suffix.
  let alternativeBound = upper1Layer === bestLayer && upper1Edge === bestEdge ? upper2 : upper1
  // Walks left out by the pruning score at most `pruneBelow`.
  if (pruned && pruneBelow > alternativeBound) alternativeBound = pruneBelow
  let suffixGas = graph.edgeGas[bestEdge]!
  for (let j = bestLayer - 1; j > startLayer; j--) {
    const tok = edgeTail[walk[j]!]!
    let a = second[j * n + tok]!
    if (a >= 1) {
      for (let h = j; h < bestLayer && a >= 1; h++) a = wholeUnits(quoteEdgeFloat(graph, walk[h]!, a, h + 1))
      let bound = a * (1 + FLOAT_MARGIN)
      if (gasPrice > 0) bound -= gasPrice * (j * minGasPerHop + suffixGas)
      if (bound > alternativeBound) alternativeBound = bound
    }
    suffixGas += graph.edgeGas[walk[j - 1]!]!
  }
  return { walk, estimate: bestEstimate, score: bestScore, alternativeBound, edgeVisits }
}
