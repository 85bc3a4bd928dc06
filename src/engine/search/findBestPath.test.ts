import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import type { TokenGraph } from '../graph/types.js'
import type { BalancerV2WeightedPoolSnapshot } from '../../protocols/balancer-v2/types.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import { createRandom, randomSnapshot, testAddress } from '../testing/randomSnapshot.js'
import { bruteForceBestPath } from './bruteForceBestPath.js'
import { findBestPath } from './findBestPath.js'
import { gasCost, quotePath } from './quotePath.js'
import { type SearchMask, createSearchContext } from './searchContext.js'

const allEnabled = { adapterEnabled: new Uint8Array(protocolAdapters.length).fill(1) }

function check(seed: number, options: { v3?: number; balancer?: number; maxHops: number; queries: number }): void {
  const snapshot = randomSnapshot({ seed, tokens: 9, v2Pools: 22, v3Pools: options.v3, balancerPools: options.balancer })
  const graph = buildGraph({ adapters: protocolAdapters }, snapshot)
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)
  const n = graph.tokens.length
  for (let q = 0; q < options.queries; q++) {
    const source = (seed + q * 7) % n
    const target = (seed + q * 3 + 1) % n
    if (source === target) continue
    const amountIn = 10n ** BigInt(2 + ((seed + q) % 22)) + BigInt(q)
    const expected = bruteForceBestPath(graph, { source, target, amountIn, maxHops: options.maxHops })
    const result = findBestPath(context, { source, target, amountIn, maxHops: options.maxHops, mask: allEnabled, gasPriceWad: 0n, states })
    expect(result.certified).toBe(true)
    expect(result.best?.amountOut ?? 0n, `seed=${seed} q=${q} ${source}->${target} amountIn=${amountIn}`).toBe(expected.amountOut)
  }
}

describe('findBestPath equals brute force on small random graphs', () => {
  for (const maxHops of [1, 2, 3, 4]) {
    test(`v2 only, maxHops=${maxHops}`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => check(seed, { maxHops, queries: 6 })),
        { numRuns: 40, seed: 20240601 + maxHops },
      )
    })
  }
  test('mixed v2, v3 and 3-token Balancer pools, maxHops=4', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => check(seed, { v3: 4, balancer: 4, maxHops: 4, queries: 5 })),
      { numRuns: 30, seed: 777 },
    )
  })
})

// Hostile shapes: dust pools (reserves of 1–1,000 units) beside deep ones, many parallel pools per pair,
// amounts of a few units, so best outputs are 0–100 units and float estimates sit near whole numbers.
// The bounded search (whole-unit estimates, zero states dropped, ties dominated) must still equal
// brute force.
describe('findBestPath equals brute force on random hostile graphs', () => {
  const hostile = (seed: number, options: { v3?: number; balancer?: number; maxHops: number }) => {
    const snapshot = randomSnapshot({ seed, tokens: 7, v2Pools: 60, v3Pools: options.v3, balancerPools: options.balancer, minExp: 0, maxExp: 3 + (seed % 20) })
    const graph = buildGraph({ adapters: protocolAdapters }, snapshot)
    const context = createSearchContext(graph)
    const states = new PoolStates(graph)
    for (let q = 0; q < 6; q++) {
      const source = (seed + q) % 7
      const target = (seed + 2 * q + 3) % 7
      if (source === target) continue
      const amountIn = BigInt(1 + ((seed >>> q) % 1000))
      const expected = bruteForceBestPath(graph, { source, target, amountIn, maxHops: options.maxHops })
      const result = findBestPath(context, { source, target, amountIn, maxHops: options.maxHops, mask: allEnabled, gasPriceWad: 0n, states })
      expect(result.certified).toBe(true)
      expect(result.best?.amountOut ?? 0n, `seed=${seed} q=${q} ${source}->${target} amountIn=${amountIn}`).toBe(expected.amountOut)
    }
  }
  const seed = Number(process.env.FC_SEED ?? 20261126)
  test(`v2 dust and deep pools, maxHops 1–4 (FC_SEED=${seed})`, () => {
    for (const maxHops of [1, 2, 3, 4]) {
      fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => hostile(s, { maxHops })), { numRuns: 40, seed: seed + maxHops })
    }
  })
  test(`mixed v2, v3 and Balancer with dust amounts, maxHops 3 (FC_SEED=${seed})`, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => hostile(s, { v3: 4, balancer: 3, maxHops: 3 })), { numRuns: 40, seed })
  })
})

describe('findBestPath bounds its work by proof on dust', () => {
  /** `count` parallel A→B V2 pools whose float outputs differ but whose exact outputs are equal (or 0). */
  const parallelDust = (count: number, reserveOut: bigint) => {
    const pools = Array.from({ length: count }, (_, i) => ({
      protocol: 'uniswap-v2' as const,
      address: testAddress(2, i),
      blockNumber: 1n,
      tokens: [testAddress(1, 0), testAddress(1, 1)],
      reserve0: 1_000_000n + BigInt(i * 37),
      reserve1: reserveOut,
      feeBps: 30,
    }))
    const graph = buildGraph({ adapters: protocolAdapters }, { version: 'dust', chainId: 1, blockNumber: 1n, pools })
    return { context: createSearchContext(graph), states: new PoolStates(graph) }
  }
  const search = ({ context, states }: ReturnType<typeof parallelDust>, amountIn: bigint) =>
    findBestPath(context, { source: 0, target: 1, amountIn, maxHops: 3, mask: allEnabled, gasPriceWad: 0n, states })

  test('200 pools that each pay exactly 2 units (floats 2.85…): one layered DP, no enumeration of the ties', () => {
    const dust = parallelDust(200, 10n)
    const result = search(dust, 400_000n)
    expect(result.best?.amountOut).toBe(2n)
    expect(result.certified).toBe(true)
    expect(result.dpRuns).toBe(1)
  })
  test('100 two-hop paths through dust intermediates (2.85 in float, 2 exactly): intermediate amounts round down, one DP', () => {
    const v2 = (i: number, a: number, b: number, reserve0: bigint, reserve1: bigint) => ({
      protocol: 'uniswap-v2' as const, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, a), testAddress(1, b)], reserve0, reserve1, feeBps: 30,
    })
    const pools = Array.from({ length: 100 }, (_, i) => [
      v2(2 * i, 0, 2 + i, 1_000_000n + BigInt(i * 37), 10n),
      v2(2 * i + 1, 1, 2 + i, 1_000n, 100n),
    ]).flat()
    const graph = buildGraph({ adapters: protocolAdapters }, { version: 'dust2', chainId: 1, blockNumber: 1n, pools })
    const [source, target] = [0, 1].map((i) => graph.tokenIndex.get(testAddress(1, i))!) as [number, number]
    const result = findBestPath(createSearchContext(graph), { source, target, amountIn: 400_000n, maxHops: 2, mask: allEnabled, gasPriceWad: 0n, states: new PoolStates(graph) })
    expect(result.best?.amountOut).toBe(19n)
    expect(result.dpRuns).toBe(1)
  })
  test('200 pools that each pay 0.6 units in float and 0 exactly: no route, after one layered DP', () => {
    const dust = parallelDust(200, 3n)
    const result = search(dust, 300_000n)
    expect(result.best).toBeUndefined()
    expect(result.dpRuns).toBe(1)
  })
})

/** Every simple path (no token or pool twice) of at most `maxHops` allowed hops, by plain enumeration. */
function simplePaths(graph: TokenGraph, { source, target, maxHops, mask }: { source: number; target: number; maxHops: number; mask: SearchMask }): number[][] {
  const paths: number[][] = []
  const visit = (token: number, tokens: Set<number>, pools: Set<number>, edges: number[]) => {
    for (let e = graph.outStart[token]!; e < graph.outStart[token + 1]!; e++) {
      const head = graph.edgeHead[e]!
      const pool = graph.edgePool[e]!
      if (tokens.has(head) || pools.has(pool) || mask.adapterEnabled[graph.edgeAdapter[e]!] !== 1 || mask.poolBanned?.[pool] === 1) continue
      if (head === target) paths.push([...edges, e])
      else if (edges.length + 1 < maxHops) visit(head, new Set([...tokens, head]), new Set([...pools, pool]), [...edges, e])
    }
  }
  visit(source, new Set([source]), new Set(), [])
  return paths
}

describe('findBestPath drops the walks behind a capped hop', () => {
  // Source S, hub H, target T and eight intermediates M0..M7, all pools deep except one: a Balancer
  // S/H pool whose S balance is far below the amount (past its 30 % max-in ratio the Vault reverts, so
  // the exact quote is 0, while the monotone float model caps the input and promises a large output).
  // H reaches T through every Mi and Mi→Mj pair: hundreds of walks start with that hop. The only paying
  // path is a V2 pool S→T. Found on the devnet (AAVE → WBTC after $5M trades drained nothing but
  // capped pools): 4 hops hit the DP cap and answered "no path" while 3 hops found the route.
  const S = 0
  const H = 1
  const T = 2
  const M = (i: number) => 3 + i
  const v2 = (i: number, a: number, b: number, reserve0: bigint, reserve1: bigint) => ({
    protocol: 'uniswap-v2' as const, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, a), testAddress(1, b)], reserve0, reserve1, feeBps: 30,
  })
  const deep = 10n ** 30n
  const pools: PoolSnapshotBase[] = [
    {
      protocol: 'balancer-v2',
      address: testAddress(4, 0),
      blockNumber: 1n,
      tokens: [testAddress(1, S), testAddress(1, H)],
      poolId: `0x${testAddress(4, 0).slice(2)}000200000000000000000001`,
      balances: [10n ** 21n, deep],
      weights: [5n * 10n ** 17n, 5n * 10n ** 17n],
      decimals: [18, 18],
      swapFee: 3n * 10n ** 15n,
    } as BalancerV2WeightedPoolSnapshot,
    v2(0, S, T, 10n ** 24n, 10n ** 22n),
  ]
  let id = 1
  for (let i = 0; i < 8; i++) {
    pools.push(v2(id++, H, M(i), deep, deep))
    pools.push(v2(id++, M(i), T, deep, deep))
    for (let j = i + 1; j < 8; j++) pools.push(v2(id++, M(i), M(j), deep, deep))
  }
  const graph = buildGraph({ adapters: protocolAdapters }, { version: 'capped', chainId: 1, blockNumber: 1n, pools })
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)
  const amountIn = 10n ** 22n // 10× the Balancer pool's S balance: far past the max-in ratio

  for (const maxHops of [2, 3, 4]) {
    test(`maxHops ${maxHops}: the V2 path, certified, equal to brute force, in a handful of DP runs`, () => {
      const fromS = Array.from({ length: graph.outStart[S + 1]! - graph.outStart[S]! }, (_, i) => graph.outStart[S]! + i)
      const capped = quotePath(states, { edges: fromS.filter((e) => graph.pools[graph.edgePool[e]!]!.adapter.slug === 'balancer-v2'), amountIn })
      expect(capped.edges).toHaveLength(1)
      expect(capped.amountOut).toBe(0n)
      const expected = bruteForceBestPath(graph, { source: S, target: T, amountIn, maxHops })
      const result = findBestPath(context, { source: S, target: T, amountIn, maxHops, mask: allEnabled, gasPriceWad: 0n, states, maxDpRuns: 100 })
      expect(result.certified).toBe(true)
      expect(result.best?.amountOut).toBe(expected.amountOut)
      expect(result.best?.edges.map((e) => graph.pools[graph.edgePool[e]!]!.adapter.slug)).toEqual(['uniswap-v2'])
      expect(result.dpRuns).toBeLessThanOrEqual(4)
    })
  }
})

describe('findBestPath with gas and masks equals an exact enumeration', () => {
  const seed = Number(process.env.FC_SEED ?? 20261126)
  const run = (s: number, options: { v3?: number; balancer?: number }) => {
    const random = createRandom(s ^ 0x2545f491)
    const snapshot = randomSnapshot({ seed: s, tokens: 7, v2Pools: 16, v3Pools: options.v3, balancerPools: options.balancer, minExp: 3, maxExp: 12 })
    const graph = buildGraph({ adapters: protocolAdapters }, snapshot)
    const context = createSearchContext(graph)
    const states = new PoolStates(graph)
    const n = graph.tokens.length
    for (let q = 0; q < 6; q++) {
      const source = Math.floor(random() * n)
      const target = (source + 1 + Math.floor(random() * (n - 1))) % n
      const maxHops = 1 + Math.floor(random() * 4)
      const amountIn = BigInt(Math.floor(10 ** (1 + random() * 9)))
      const gasPriceWad = [0n, 10n ** 12n, 10n ** 14n, 10n ** 16n, 10n ** 18n][Math.floor(random() * 5)]!
      const adapterEnabled = new Uint8Array(graph.adapters.length).fill(1)
      if (random() < 0.3) adapterEnabled[Math.floor(random() * 4)] = 0
      const mask: SearchMask = random() < 0.4 ? { adapterEnabled, poolBanned: Uint8Array.from(graph.pools, () => (random() < 0.3 ? 1 : 0)) } : { adapterEnabled }
      let expected: bigint | undefined
      for (const edges of simplePaths(graph, { source, target, maxHops, mask })) {
        const quote = quotePath(states, { edges, amountIn })
        if (quote.amountOut === 0n) continue
        const score = quote.amountOut - gasCost(quote.gas, gasPriceWad)
        if (expected === undefined || score > expected) expected = score
      }
      const label = `seed=${s} q=${q} ${source}->${target} H=${maxHops} amountIn=${amountIn} gasPriceWad=${gasPriceWad} mask=${JSON.stringify(mask)}`
      const result = findBestPath(context, { source, target, amountIn, maxHops, mask, gasPriceWad, states })
      expect(result.certified, label).toBe(true)
      expect(result.best?.score, label).toBe(expected)
      if (result.best !== undefined) {
        expect(result.best.amountOut, label).toBeGreaterThan(0n)
        expect(result.best.score, label).toBe(result.best.amountOut - gasCost(result.best.gas, gasPriceWad))
        expect(simplePaths(graph, { source, target, maxHops, mask }).map((p) => p.join(',')), label).toContain(result.best.edges.join(','))
      }
      if (gasPriceWad === 0n) {
        const brute = bruteForceBestPath(graph, { source, target, amountIn, maxHops, mask })
        expect(brute.amountOut, label).toBe(expected ?? 0n)
        if (expected !== undefined) expect(quotePath(states, { edges: brute.edges, amountIn }).amountOut, label).toBe(expected)
        else expect(brute.edges, label).toEqual([])
      }
    }
  }
  test(`V2 pools (FC_SEED=${seed})`, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => run(s, {})), { numRuns: 50, seed })
  })
  test(`V2, V3 and Balancer pools: mixed gas per hop (FC_SEED=${seed})`, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => run(s, { v3: 3, balancer: 3 })), { numRuns: 50, seed: seed + 1 })
  })
})

describe('findBestPath bookkeeping', () => {
  const v2 = (i: number, a: number, b: number, reserve0: bigint, reserve1: bigint) => ({
    protocol: 'uniswap-v2' as const, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, a), testAddress(1, b)], reserve0, reserve1, feeBps: 30,
  })
  /** `count` parallel A→B pools whose float outputs tie within the margin but whose exact outputs differ. */
  const nearTies = (count: number) => {
    const pools = Array.from({ length: count }, (_, i) => v2(i, 0, 1, 10n ** 18n + BigInt(i), 10n ** 18n + BigInt(count - i)))
    const graph = buildGraph({ adapters: protocolAdapters }, { version: 'ties', chainId: 1, blockNumber: 1n, pools })
    const [source, target] = [0, 1].map((i) => graph.tokenIndex.get(testAddress(1, i))!) as [number, number]
    return { context: createSearchContext(graph), states: new PoolStates(graph), graph, source, target }
  }
  test('near-ties in float are settled exactly, and the DP-run cap is reported as uncertified', () => {
    const { context, states, graph, source, target } = nearTies(6)
    const query = { source, target, amountIn: 10n ** 15n, maxHops: 1, mask: allEnabled, gasPriceWad: 0n, states }
    const full = findBestPath(context, query)
    const expected = bruteForceBestPath(graph, { source, target, amountIn: 10n ** 15n, maxHops: 1 })
    expect(full.best?.amountOut).toBe(expected.amountOut)
    expect(full.certified).toBe(true)
    // Six pools the float model cannot tell apart. Before the exact last-hop bound (cannotBeatExactly) each was
    // quoted once, one DP run each (6); now the second run's node is bounded by exact quotes of its last hops.
    expect(full.dpRuns).toBe(2)
    const capped = findBestPath(context, { ...query, maxDpRuns: 1 })
    expect(capped.certified).toBe(false)
    expect(capped.dpRuns).toBe(1)
    expect(capped.best?.amountOut).toBeDefined()
  })
  test('no route: undefined, certified, one DP run', () => {
    const graph = buildGraph({ adapters: protocolAdapters }, { version: 'none', chainId: 1, blockNumber: 1n, pools: [v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 2, 3, 10n ** 9n, 10n ** 9n)] })
    const [source, target] = [0, 3].map((i) => graph.tokenIndex.get(testAddress(1, i))!) as [number, number]
    const result = findBestPath(createSearchContext(graph), { source, target, amountIn: 10n ** 6n, maxHops: 3, mask: allEnabled, gasPriceWad: 0n, states: new PoolStates(graph) })
    expect(result).toEqual({ best: undefined, certified: true, dpRuns: 1 })
  })
})
