import { expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { buildGraph } from './buildGraph.js'
import { PoolStates } from './poolStates.js'
import { quoteCustomEdge } from './quoteCustomEdge.js'
import { EDGE_KIND_CUSTOM } from './types.js'

const setup = () => {
  const graph = buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed: 7, tokens: 6, v2Pools: 4, v3Pools: 6, balancerPools: 3 }))
  const custom = Array.from({ length: graph.edgeCount }, (_, e) => e).filter((e) => graph.edgeKind[e] === EDGE_KIND_CUSTOM)
  return { graph, custom }
}

test('answers what the kernel answers, for a repeated input and for a new one', () => {
  const { graph, custom } = setup()
  expect(custom.length).toBeGreaterThan(6)
  for (const e of custom) {
    for (const a of [1e6, 1e6, 3.5e15, 1e6, 0]) expect(quoteCustomEdge(graph, e, a)).toBe(graph.edgeCustom[e]!(a))
  }
})

test('a repeated input is not asked of the kernel again', () => {
  const { graph, custom } = setup()
  const e = custom[0]!
  const kernel = graph.edgeCustom[e]!
  let calls = 0
  graph.edgeCustom[e] = (a) => {
    calls++
    return kernel(a)
  }
  for (const memo of graph.edgeMemo) if (memo !== undefined) memo.in[graph.edgeMemoRow[e]!] = Number.NaN
  quoteCustomEdge(graph, e, 2e18)
  quoteCustomEdge(graph, e, 2e18)
  expect(calls).toBe(1)
  quoteCustomEdge(graph, e, 3e18)
  expect(calls).toBe(2)
})

test('a pool moved by a route (and put back) is quoted in its new state, not from the memo', () => {
  const { graph, custom } = setup()
  const e = custom.find((x) => graph.pools[graph.edgePool[x]!]!.snapshot.protocol === 'uniswap-v3')!
  const pool = graph.pools[graph.edgePool[e]!]!
  const a = 1e15
  const before = quoteCustomEdge(graph, e, a)
  expect(before).toBeGreaterThan(0)
  // The state a swap of the same direction leaves: less out for the same in.
  const spec = graph.edgeSpec[e]!
  const moved = pool.adapter.swap(pool.snapshot, { edge: spec, amountIn: 10n ** 20n }).snapshot
  const states = new PoolStates(graph)
  states.set(graph.edgePool[e]!, moved)
  const after = quoteCustomEdge(graph, e, a)
  expect(after).toBe(graph.edgeCustom[e]!(a))
  expect(after).toBeLessThan(before)
  states.restore()
  expect(quoteCustomEdge(graph, e, a)).toBe(before)
})
