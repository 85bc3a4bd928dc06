import fc from 'fast-check'
import { expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { type DpConstraints, type DpQuery, runLayeredDp } from './runLayeredDp.js'
import { createSearchContext, getScratch } from './searchContext.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261128)

/** Amounts, second-best amounts and reached tokens of layers 1 to H-1 of the context's last run. */
function layersOf(context: ReturnType<typeof createSearchContext>, H: number): Map<string, [number, number]> {
  const s = getScratch(context, H)
  const n = context.graph.tokens.length
  const out = new Map<string, [number, number]>()
  for (let k = 1; k < H; k++) for (let Y = 0; Y < n; Y++) if (s.stamp[k * n + Y] === s.run) out.set(`${k}:${Y}`, [s.value[k * n + Y]!, s.second[k * n + Y]!])
  return out
}

test('a run that starts from recorded forward layers and bans extra pools (and a constraint\'s edges, tokens and pools at some layers) equals a fresh run with those bans', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 4, max: 5 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), fc.boolean(), (seed, H, bans, gas, constrained) => {
      const snapshot = randomSnapshot({ seed, tokens: 9, v2Pools: 22, v3Pools: 6, balancerPools: 2 })
      const fresh = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
      const shared = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
      const graph = fresh.graph
      const pools = graph.pools.length
      const base = new Uint8Array(pools)
      base[seed % pools] = 1
      const query: DpQuery = { source: seed % 3, target: 3 + (seed % 5), amountIn: 10 ** (14 + (seed % 7)), maxHops: H, mask: { adapterEnabled: new Uint8Array(graph.adapters.length).fill(1), poolBanned: base }, gasPrice: gas ? 1e-7 : 0, minGasPerHop: 0 }
      for (const a of graph.adapters) query.minGasPerHop = Math.min(query.minGasPerHop || Infinity, Number(a.gasPerHop))
      runLayeredDp(shared, { ...query, forward: { record: true } })
      const extra = Array.from({ length: bans }, (_, i) => (seed * (i + 7)) % pools)
      const banned = new Uint8Array(base)
      for (const p of extra) banned[p] = 1
      // A run of the exact search's partition without a forced prefix: bans at some layers.
      const c: DpConstraints | undefined = constrained
        ? { prefix: [], bannedEdges: [[1 + (seed % 2), seed % graph.edgeCount]], bannedTokens: [[2, (seed >> 3) % graph.tokens.length]], bannedPools: [[1 + ((seed >> 5) % (H - 1)), (seed >> 7) % pools]] }
        : undefined
      const want = runLayeredDp(fresh, { ...query, mask: { ...query.mask, poolBanned: banned } }, c)
      const got = runLayeredDp(shared, { ...query, mask: { ...query.mask, poolBanned: banned }, forward: { extra, base } }, c)
      expect(layersOf(shared, H)).toEqual(layersOf(fresh, H))
      expect(got === undefined).toBe(want === undefined)
      if (got === undefined || want === undefined) return
      expect({ estimate: got.estimate, score: got.score, alternativeBound: got.alternativeBound, edgeVisits: got.edgeVisits }).toEqual({ estimate: want.estimate, score: want.score, alternativeBound: want.alternativeBound, edgeVisits: want.edgeVisits })
    }),
    { seed: FC_SEED, numRuns: 300 },
  )
})

test('recorded layers are not used for another amount, base mask or after the float kernels change', () => {
  const snapshot = randomSnapshot({ seed: 5, tokens: 8, v2Pools: 20 })
  const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
  const graph = context.graph
  const base = new Uint8Array(graph.pools.length)
  const query: DpQuery = { source: 0, target: 5, amountIn: 1e18, maxHops: 4, mask: { adapterEnabled: new Uint8Array(graph.adapters.length).fill(1), poolBanned: base }, gasPrice: 0, minGasPerHop: 0 }
  runLayeredDp(context, { ...query, forward: { record: true } })
  const saved = (q: DpQuery) => {
    const before = context.edgeReadsSaved ?? 0
    const visits = runLayeredDp(context, q)?.edgeVisits
    return { visits, saved: (context.edgeReadsSaved ?? 0) - before }
  }
  const fresh = saved(query)
  // Restored with no extra ban: the meter counts what a fresh run reads (a search's edge cap stops it
  // after the same runs), and what it did not read is counted apart.
  const restored = saved({ ...query, forward: { extra: [], base } })
  expect(restored.visits).toBe(fresh.visits)
  expect(restored.saved).toBeGreaterThan(0)
  expect(saved({ ...query, amountIn: 2e18, forward: { extra: [], base } }).saved).toBe(0)
  expect(saved({ ...query, mask: { ...query.mask, poolBanned: undefined }, forward: { extra: [], base: undefined } }).saved).toBe(0)
  graph.floatEdits = (graph.floatEdits ?? 0) + 1
  expect(saved({ ...query, forward: { extra: [], base } }).saved).toBe(0)
})
