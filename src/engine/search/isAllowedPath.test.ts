import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { createSearchMask } from './createSearchMask.js'
import { isAllowedPath } from './isAllowedPath.js'
import { createSearchContext } from './searchContext.js'

describe('isAllowedPath', () => {
  const graph = buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed: 4, tokens: 6, v2Pools: 20 }))
  const context = createSearchContext(graph)
  const mask = createSearchMask(graph, {})
  const e0 = graph.outStart[0]!
  const head = graph.edgeHead[e0]!
  const back = (() => {
    for (let e = graph.outStart[head]!; e < graph.outStart[head + 1]!; e++) if (graph.edgeHead[e] === 0) return e
    return -1
  })()

  test('a one-hop edge is a path to its head, within the hop limit, unless its pool is banned', () => {
    expect(isAllowedPath(context, { source: 0, target: head, maxHops: 1, mask, edges: [e0] })).toBe(true)
    expect(isAllowedPath(context, { source: 0, target: head, maxHops: 0, mask, edges: [e0] })).toBe(false)
    expect(isAllowedPath(context, { source: 1 === head ? 2 : 1, target: head, maxHops: 3, mask, edges: [e0] })).toBe(false)
    const poolBanned = new Uint8Array(graph.pools.length)
    poolBanned[graph.edgePool[e0]!] = 1
    expect(isAllowedPath(context, { source: 0, target: head, maxHops: 3, mask: { ...mask, poolBanned }, edges: [e0] })).toBe(false)
    expect(isAllowedPath(context, { source: 0, target: head, maxHops: 3, mask, edges: [] })).toBe(false)
  })

  test('a walk that comes back to a token is not a path', () => {
    expect(back).toBeGreaterThanOrEqual(0)
    expect(isAllowedPath(context, { source: 0, target: 0, maxHops: 3, mask, edges: [e0, back] })).toBe(false)
  })
})
