import type { SearchContext, SearchMask } from './searchContext.js'

/** Parameters of {@link isAllowedPath}. */
export type IsAllowedPathParameters = {
  source: number
  target: number
  maxHops: number
  mask: SearchMask
  edges: readonly number[]
}

/**
 * True when `edges` is a simple path (no token or pool twice) of 1 to `maxHops` hops from `source` to
 * `target` whose every edge the mask allows: a walk the exact search could answer with.
 */
export function isAllowedPath(context: SearchContext, { source, target, maxHops, mask, edges }: IsAllowedPathParameters): boolean {
  const { edgeTail, edgeHead, edgePool, edgeAdapter } = context.graph
  if (edges.length === 0 || edges.length > maxHops) return false
  const tokens = [source]
  const pools: number[] = []
  let at = source
  for (const e of edges) {
    if (edgeTail[e] !== at || mask.adapterEnabled[edgeAdapter[e]!] !== 1 || mask.poolBanned?.[edgePool[e]!] === 1) return false
    at = edgeHead[e]!
    if (tokens.includes(at) || pools.includes(edgePool[e]!)) return false
    tokens.push(at)
    pools.push(edgePool[e]!)
  }
  return at === target
}
