import { quoteEdgeFloat, wholeUnits } from './runLayeredDp.js'
import { getScratch, type SearchContext, type SearchMask } from './searchContext.js'

/** Parameters of {@link findBestShortWalk}. */
export type FindBestShortWalkParameters = {
  source: number
  target: number
  /** Float input amount. */
  amountIn: number
  /** The hop limit of the search it serves (selects the scratch buffers it borrows). */
  maxHops: number
  mask: SearchMask
  /** Value of one gas unit in target-token units; 0 turns gas-awareness off. */
  gasPrice: number
}

/**
 * The walk of one or two allowed hops from `source` to `target` with the best float score, or
 * undefined when there is none (two hops through distinct pools). Reads deg(source) + indeg(target)
 * edges, in order, and nothing else: a cheap first walk whose exact score lets the layered DP leave out
 * what cannot beat it (`pruneBelow`). Borrows the layer-1 slots of the layered DP's scratch as one run
 * of its own, so it must not run between a DP run and a reader of that run's scratch.
 */
export function findBestShortWalk(context: SearchContext, { source, target, amountIn, maxHops, mask, gasPrice }: FindBestShortWalkParameters): number[] | undefined {
  const graph = context.graph
  const { outStart, edgeHead, edgeTail, edgePool, edgeAdapter, edgeGas, inStart, inEdges } = graph
  const { adapterEnabled, poolBanned } = mask
  const allowed = (e: number): boolean => adapterEnabled[edgeAdapter[e]!] === 1 && (poolBanned === undefined || poolBanned[edgePool[e]!] !== 1)
  const n = graph.tokens.length
  const s = getScratch(context, maxHops)
  const { value, back, stamp } = s
  const run = ++s.run
  let best: number[] | undefined
  let bestScore = -Infinity
  for (let e = outStart[source]!; e < outStart[source + 1]!; e++) {
    if (!allowed(e)) continue
    const X = edgeHead[e]!
    const v = wholeUnits(quoteEdgeFloat(graph, e, amountIn, 1))
    if (!(v >= 1)) continue
    if (X === target) {
      const score = v - gasPrice * edgeGas[e]!
      if (score > bestScore) {
        bestScore = score
        best = [e]
      }
      continue
    }
    const idx = n + X
    if (stamp[idx] !== run || v > value[idx]!) {
      stamp[idx] = run
      value[idx] = v
      back[idx] = e
    }
  }
  for (let i = inStart[target]!; i < inStart[target + 1]!; i++) {
    const e = inEdges[i]!
    const X = edgeTail[e]!
    const idx = n + X
    if (X === source || stamp[idx] !== run || !allowed(e)) continue
    const first = back[idx]!
    if (edgePool[first] === edgePool[e]) continue
    const v = wholeUnits(quoteEdgeFloat(graph, e, value[idx]!, 2))
    if (!(v >= 1)) continue
    const score = v - gasPrice * (edgeGas[first]! + edgeGas[e]!)
    if (score > bestScore) {
      bestScore = score
      best = [first, e]
    }
  }
  return best
}
