import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import type { AnyProtocolAdapter } from '../../protocols/types.js'
import { uniswapV2Adapter } from '../../protocols/uniswap-v2/index.js'
import { buildGraph } from '../graph/buildGraph.js'
import type { TokenGraph } from '../graph/types.js'
import { createRandom, randomSnapshot, testAddress } from '../testing/randomSnapshot.js'
import { type DpConstraints, type DpResult, FLOAT_MARGIN, quoteEdgeFloat, runLayeredDp, wholeUnits } from './runLayeredDp.js'
import { type SearchMask, createSearchContext } from './searchContext.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261126)

type Walk = { edges: number[]; estimate: number; gas: number }

/**
 * Every walk the layered DP ranges over, by plain enumeration: at most `maxHops` hops, starting with
 * the prefix, source and target never in between, mask and constraints respected, every amount (whole
 * units, as the DP rounds them) at least 1.
 */
function dpWalks(graph: TokenGraph, { source, target, amountIn, maxHops, mask }: { source: number; target: number; amountIn: number; maxHops: number; mask: SearchMask }, c: DpConstraints): Walk[] {
  const allowed = (e: number, layer: number) =>
    mask.adapterEnabled[graph.edgeAdapter[e]!] === 1 &&
    mask.poolBanned?.[graph.edgePool[e]!] !== 1 &&
    !c.bannedEdges.some(([l, x]) => l === layer && x === e) &&
    !c.bannedTokens.some(([l, x]) => l === layer && x === graph.edgeHead[e]) &&
    !c.bannedPools.some(([l, x]) => l === layer && x === graph.edgePool[e])
  let amount = amountIn
  let token = source
  let gas = 0
  for (const e of c.prefix) {
    amount = wholeUnits(quoteEdgeFloat(graph, e, amount))
    gas += graph.edgeGas[e]!
    token = graph.edgeHead[e]!
  }
  if (!(amount >= 1) || c.prefix.length > maxHops || token === target) return []
  const walks: Walk[] = []
  const visit = (token: number, amount: number, gas: number, edges: number[]) => {
    for (let e = graph.outStart[token]!; e < graph.outStart[token + 1]!; e++) {
      const layer = edges.length + 1
      const head = graph.edgeHead[e]!
      if (head === source || !allowed(e, layer)) continue
      const v = wholeUnits(quoteEdgeFloat(graph, e, amount))
      if (!(v >= 1)) continue
      if (head === target) walks.push({ edges: [...edges, e], estimate: v, gas: gas + graph.edgeGas[e]! })
      else if (layer < maxHops) visit(head, v, gas + graph.edgeGas[e]!, [...edges, e])
    }
  }
  visit(token, amount, gas, [...c.prefix])
  return walks
}

const uniformGas = (graph: TokenGraph) => graph.edgeGas.every((g) => g === graph.edgeGas[0])
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b))

/**
 * The DP's contract against the enumeration: its walk is one of the walks with the best estimate net
 * of gas; `estimate` and `score` are that walk's; `alternativeBound` is at least every other walk's
 * upper estimate net of its gas, and at most the best other walk's upper estimate net of `minGasPerHop`
 * per hop (equal when every hop costs the same gas).
 */
function checkDp(graph: TokenGraph, result: DpResult | undefined, walks: Walk[], gasPrice: number, minGasPerHop: number, label: string) {
  if (walks.length === 0) {
    expect(result, label).toBeUndefined()
    return
  }
  expect(result, label).toBeDefined()
  const { walk, estimate, score, alternativeBound } = result!
  const key = walk.join(',')
  const chosen = walks.find((w) => w.edges.join(',') === key)
  expect(chosen, `${label} walk ${key} is a DP walk`).toBeDefined()
  expect(estimate, label).toBe(chosen!.estimate)
  expect(close(score, chosen!.estimate - gasPrice * chosen!.gas), `${label} score ${score}`).toBe(true)
  // With the same gas on every hop, the best amount per (layer, token) is also the best score; with
  // mixed gas the DP's walk may lose to one it dominated by amount (the exact search covers that).
  const best = Math.max(...walks.map((w) => w.estimate - gasPrice * w.gas))
  if (uniformGas(graph)) expect(close(score, best), `${label} score ${score} best ${best}`).toBe(true)
  else expect(score <= best || close(score, best), `${label} score ${score} best ${best}`).toBe(true)
  let sound = -Infinity
  let tight = -Infinity
  for (const w of walks) {
    if (w === chosen) continue
    sound = Math.max(sound, w.estimate * (1 + FLOAT_MARGIN) - gasPrice * w.gas)
    tight = Math.max(tight, w.estimate * (1 + FLOAT_MARGIN) - gasPrice * minGasPerHop * w.edges.length)
  }
  expect(alternativeBound >= sound || close(alternativeBound, sound), `${label} alternativeBound ${alternativeBound} < ${sound}`).toBe(true)
  expect(alternativeBound <= tight || close(alternativeBound, tight), `${label} alternativeBound ${alternativeBound} > ${tight}`).toBe(true)
}

const noConstraints: DpConstraints = { prefix: [], bannedEdges: [], bannedTokens: [], bannedPools: [] }

describe('runLayeredDp against an enumeration of its walks', () => {
  const run = (seed: number, options: { v3?: number; balancer?: number; minExp?: number; maxExp?: number }) => {
    const random = createRandom(seed ^ 0x5bd1e995)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!
    const snapshot = randomSnapshot({ seed, tokens: 7, v2Pools: 16, v3Pools: options.v3, balancerPools: options.balancer, minExp: options.minExp, maxExp: options.maxExp })
    const graph = buildGraph({ adapters: protocolAdapters }, snapshot)
    const context = createSearchContext(graph)
    const n = graph.tokens.length
    const minGasPerHop = Math.min(...graph.adapters.map((a) => Number(a.gasPerHop)))
    for (let q = 0; q < 8; q++) {
      const source = Math.floor(random() * n)
      const target = (source + 1 + Math.floor(random() * (n - 1))) % n
      const maxHops = 1 + Math.floor(random() * 4)
      const amountIn = Math.floor(10 ** (random() * 8))
      const gasPrice = pick([0, 0, 1e-6, 1e-4, 1e-2])
      const adapterEnabled = new Uint8Array(graph.adapters.length).fill(1)
      if (random() < 0.2) adapterEnabled[Math.floor(random() * 4)] = 0
      const mask: SearchMask = random() < 0.3 ? { adapterEnabled, poolBanned: Uint8Array.from(graph.pools, () => (random() < 0.25 ? 1 : 0)) } : { adapterEnabled }
      const query = { source, target, amountIn, maxHops, mask, gasPrice, minGasPerHop }
      // Constraints as the exact search builds them: a prefix of an earlier walk, and bans at layers past it.
      let constraints: DpConstraints = noConstraints
      const root = runLayeredDp(context, query)
      if (root !== undefined && random() < 0.7) {
        const prefixLength = Math.floor(random() * root.walk.length)
        const layer = prefixLength + 1 + Math.floor(random() * (maxHops - prefixLength))
        const e = root.walk[Math.min(layer, root.walk.length) - 1]!
        constraints = {
          prefix: root.walk.slice(0, prefixLength),
          bannedEdges: random() < 0.6 ? [[layer, e]] : [],
          bannedTokens: random() < 0.3 ? [[layer, graph.edgeHead[e]!]] : [],
          bannedPools: random() < 0.3 ? [[layer, graph.edgePool[e]!]] : [],
        }
      }
      const label = `seed=${seed} q=${q} ${source}->${target} H=${maxHops} amountIn=${amountIn} gasPrice=${gasPrice} constraints=${JSON.stringify(constraints)}`
      checkDp(graph, runLayeredDp(context, query, constraints), dpWalks(graph, query, constraints), gasPrice, minGasPerHop, label)
    }
  }
  test(`V2 pools, gas on and off, masks and constraints (FC_SEED=${FC_SEED})`, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => run(seed, { minExp: 1, maxExp: 9 })), { numRuns: 60, seed: FC_SEED })
  })
  test(`V2, V3 and 3-token Balancer pools (mixed gas per hop) (FC_SEED=${FC_SEED})`, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => run(seed, { v3: 3, balancer: 3, minExp: 2, maxExp: 10 })), { numRuns: 60, seed: FC_SEED + 1 })
  })
})

describe('runLayeredDp on hand-built graphs', () => {
  const v2 = (i: number, a: number, b: number, reserve0: bigint, reserve1: bigint, protocol = 'uniswap-v2') => ({
    protocol, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, a), testAddress(1, b)], reserve0, reserve1, feeBps: 30,
  })
  const cheap: AnyProtocolAdapter = { ...uniswapV2Adapter, slug: 'test-cheap', standard: 'test-cheap', gasPerHop: 10_000n }
  const build = (pools: ReturnType<typeof v2>[]) => {
    const graph = buildGraph({ adapters: [...protocolAdapters, cheap] }, { version: 'dp', chainId: 1, blockNumber: 1n, pools })
    const tok = (i: number) => graph.tokenIndex.get(testAddress(1, i))!
    const edge = (p: number, a: number) => graph.pools[p]!.edgeIds.find((e) => graph.edgeTail[e] === tok(a))!
    const mask: SearchMask = { adapterEnabled: new Uint8Array(graph.adapters.length).fill(1) }
    return { graph, context: createSearchContext(graph), tok, edge, mask }
  }

  test('quoteEdgeFloat: constant product with the fee; custom kernels clamped at 0', () => {
    const { graph, edge } = build([v2(0, 0, 1, 1000n, 2000n)])
    expect(quoteEdgeFloat(graph, edge(0, 0), 100)).toBeCloseTo((2000 * 0.997 * 100) / (1000 + 0.997 * 100), 9)
    expect(quoteEdgeFloat(graph, edge(0, 1), 100)).toBeCloseTo((1000 * 0.997 * 100) / (2000 + 0.997 * 100), 9)
    graph.edgeKind[edge(0, 0)] = 1
    graph.edgeCustom[edge(0, 0)] = () => -5
    expect(quoteEdgeFloat(graph, edge(0, 0), 100)).toBe(0)
    graph.edgeCustom[edge(0, 0)] = () => Number.NaN
    expect(quoteEdgeFloat(graph, edge(0, 0), 100)).toBe(0)
    graph.edgeKind[edge(0, 0)] = 7
    expect(quoteEdgeFloat(graph, edge(0, 0), 100)).toBe(0)
  })

  test('a single route: nothing else to bound (alternativeBound is -Infinity)', () => {
    const { context, tok, edge, mask } = build([v2(0, 0, 2, 10n ** 9n, 10n ** 9n), v2(1, 2, 1, 10n ** 9n, 10n ** 9n)])
    const result = runLayeredDp(context, { source: tok(0), target: tok(1), amountIn: 1e6, maxHops: 3, mask, gasPrice: 1e-3, minGasPerHop: 60_000 })
    expect(result?.walk).toEqual([edge(0, 0), edge(1, 2)])
    expect(result?.alternativeBound).toBe(-Infinity)
    expect(result?.score).toBe(result!.estimate - 1e-3 * 120_000)
  })

  test('gas decides between a short expensive route and a long cheap one', () => {
    // 1e6 A→B direct on V2 (60,000 gas), or A→C→B on two cheap pools (20,000 gas) that pay ~3,000 less:
    // at 0.2 units per gas the direct route costs 12,000 and the cheap one 4,000.
    const pools = [v2(0, 0, 1, 10n ** 12n, 10n ** 12n), v2(1, 0, 2, 10n ** 12n, 10n ** 12n, 'test-cheap'), v2(2, 2, 1, 10n ** 12n, 10n ** 12n, 'test-cheap')]
    const { context, tok, edge, mask } = build(pools)
    const query = { source: tok(0), target: tok(1), amountIn: 1e6, maxHops: 2, mask, minGasPerHop: 10_000 }
    expect(runLayeredDp(context, { ...query, gasPrice: 0 })?.walk).toEqual([edge(0, 0)])
    const result = runLayeredDp(context, { ...query, gasPrice: 0.2 })
    expect(result?.walk).toEqual([edge(1, 0), edge(2, 2)])
    expect(result?.score).toBe(result!.estimate - 0.2 * 20_000)
    // The direct route bounds the rest: its amount, less 0.2 × 60,000 (its one hop at its own gas).
    expect(result?.alternativeBound).toBe(Math.floor(996_999 * (1 + FLOAT_MARGIN)) * (1 + FLOAT_MARGIN) - 0.2 * 60_000)
  })

  test('prefixes that end at the target, run past maxHops, or pay nothing leave nothing to search', () => {
    const { context, tok, edge, mask } = build([v2(0, 0, 2, 10n ** 9n, 10n ** 9n), v2(1, 2, 1, 10n ** 9n, 10n ** 9n), v2(2, 0, 3, 10n ** 9n, 1n), v2(3, 3, 1, 10n ** 9n, 10n ** 9n)])
    const query = { source: tok(0), target: tok(1), amountIn: 1e6, maxHops: 2, mask, gasPrice: 0, minGasPerHop: 60_000 }
    const at = (prefix: number[]) => runLayeredDp(context, query, { ...noConstraints, prefix })
    expect(at([edge(0, 0)])?.walk).toEqual([edge(0, 0), edge(1, 2)])
    expect(at([edge(0, 0), edge(1, 2)])).toBeUndefined()
    expect(at([edge(0, 0), edge(1, 2), edge(1, 1)])).toBeUndefined()
    expect(at([edge(2, 0)])).toBeUndefined()
    expect(runLayeredDp(context, { ...query, maxHops: 1 }, { ...noConstraints, prefix: [edge(0, 0)] })).toBeUndefined()
    // Room for more hops does not let a walk leave the target and come back.
    expect(runLayeredDp(context, { ...query, maxHops: 4 }, { ...noConstraints, prefix: [edge(0, 0), edge(1, 2)] })).toBeUndefined()
  })

  test('alternativeBound follows the largest other upper estimate, even when it is not the best score', () => {
    // A→C on V2 (60,000 gas) then C→B cheap (10,000): ~994,009 out, 70,000 gas. A→B cheap: ~990,021 out,
    // 10,000 gas. At 0.2 per gas the direct route scores best (988,021 against 980,009), but the bound of
    // the two-hop route, which counts its first hop at the cheapest gas (10,000), is higher: 990,009.
    const pools = [v2(0, 0, 2, 10n ** 12n, 10n ** 12n), v2(1, 2, 1, 10n ** 12n, 10n ** 12n, 'test-cheap'), v2(2, 0, 1, 10n ** 12n, 993n * 10n ** 9n, 'test-cheap')]
    const { graph, context, tok, edge, mask } = build(pools)
    const result = runLayeredDp(context, { source: tok(0), target: tok(1), amountIn: 1e6, maxHops: 2, mask, gasPrice: 0.2, minGasPerHop: 10_000 })
    expect(result?.walk).toEqual([edge(2, 0)])
    const twoHop = wholeUnits(quoteEdgeFloat(graph, edge(1, 2), wholeUnits(quoteEdgeFloat(graph, edge(0, 0), 1e6))))
    expect(result?.alternativeBound).toBe(twoHop * (1 + FLOAT_MARGIN) - 0.2 * (10_000 + 10_000))
  })

  test('work bound: the last relaxation reads the cheapest side, so a hub’s 3,000 pools are not read', () => {
    // A→hub, hub→3,000 spokes, each spoke also pooled with 3 others; only spoke 10 reaches the target B.
    const pools = [v2(0, 0, 3, 10n ** 20n, 10n ** 20n), v2(1, 10, 1, 10n ** 20n, 10n ** 20n)]
    for (let t = 10; t < 3010; t++) pools.push(v2(pools.length, 3, t, 10n ** 20n, 10n ** 20n))
    for (let t = 10; t < 3010; t++) for (let j = 1; j <= 3; j++) pools.push(v2(pools.length, t, 10 + ((t - 10 + j * 7) % 3000), 10n ** 18n, 10n ** 18n))
    const { context, tok, edge, mask } = build(pools)
    const result = runLayeredDp(context, { source: tok(0), target: tok(1), amountIn: 1e6, maxHops: 3, mask, gasPrice: 0, minGasPerHop: 60_000 })
    expect(result?.walk).toEqual([edge(0, 0), edge(2 + 0, 3), edge(1, 10)])
    // Reading the hub's out-edges would cost 3,001 visits; the pair (hub, spoke 10) costs one binary search.
    expect(result!.edgeVisits).toBeLessThan(40)
    // Same walk and amounts with the sides forced apart: every spoke pooled straight into B (3,000 in-neighbours).
    const wide = [...pools]
    for (let t = 11; t < 3010; t++) wide.push(v2(wide.length, t, 1, 10n ** 6n, 10n ** 6n))
    const w = build(wide)
    const r = runLayeredDp(w.context, { source: w.tok(0), target: w.tok(1), amountIn: 1e6, maxHops: 3, mask: w.mask, gasPrice: 0, minGasPerHop: 60_000 })
    expect(r?.walk).toEqual([w.edge(0, 0), w.edge(2, 3), w.edge(1, 10)])
    expect(r!.estimate).toBe(result!.estimate)
  })
})
