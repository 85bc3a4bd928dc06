import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import type { BalancerV2WeightedPoolSnapshot } from '../../protocols/balancer-v2/types.js'
import type { AnyProtocolAdapter, PoolSnapshotBase } from '../../protocols/types.js'
import { uniswapV2Adapter } from '../../protocols/uniswap-v2/index.js'
import { getAmountOut } from '../../protocols/uniswap-v2/quote.js'
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { randomSnapshot, testAddress } from '../testing/randomSnapshot.js'
import { type EvaluatedLegs, INFEASIBLE_SCORE, evaluateLegs } from './evaluateLegs.js'
import { findBestPath } from './findBestPath.js'
import { type FindSplitRouteReturnType, findSplitRoute } from './findSplitRoute.js'
import { gasCost } from './quotePath.js'
import { createSearchContext } from './searchContext.js'
import type { SearchMask } from './searchContext.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261126)

type Pool = UniswapV2PoolSnapshot
const v2 = (i: number, a: number, b: number, reserve0: bigint, reserve1: bigint, protocol = 'uniswap-v2'): Pool =>
  ({ protocol, address: testAddress(2, i), blockNumber: 1n, tokens: [testAddress(1, a), testAddress(1, b)], reserve0, reserve1, feeBps: 30 }) as Pool

/** A second V2-math adapter, so that a mask can disable it. */
const otherAdapter: AnyProtocolAdapter = { ...uniswapV2Adapter, slug: 'test-other', standard: 'test-other' }
const adapters = [...protocolAdapters, otherAdapter]
const allEnabled: SearchMask = { adapterEnabled: new Uint8Array(adapters.length).fill(1) }

/** Tokens are numbered as in the fixture (0 = A source, 1 = B target). */
function fixture(pools: Pool[]) {
  const graph = buildGraph({ adapters }, { version: 'split', chainId: 1, blockNumber: 1n, pools })
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)
  const tok = (i: number) => graph.tokenIndex.get(testAddress(1, i))!
  /** Edge of pool `p` out of fixture token `a`. */
  const edge = (p: number, a: number) => graph.pools[p]!.edgeIds.find((e) => graph.edgeTail[e] === tok(a))!
  /** Exact output of legs executed in order, from our own reserve book (independent of quotePath/evaluateLegs). */
  const sequential = (legs: readonly { edges: readonly number[]; amountIn: bigint }[]): bigint => {
    const reserves = pools.map((p) => [p.reserve0, p.reserve1])
    let total = 0n
    for (const leg of legs) {
      let amount = leg.amountIn
      for (const e of leg.edges) {
        const p = graph.edgePool[e]!
        const zeroForOne = graph.edgeTail[e] === tok(Number.parseInt(pools[p]!.tokens[0]!.slice(4), 16))
        const [i, o] = zeroForOne ? [0, 1] : [1, 0]
        const out = getAmountOut({ amountIn: amount, reserveIn: reserves[p]![i]!, reserveOut: reserves[p]![o]!, feeBps: 30 })
        if (out > 0n) {
          reserves[p]![i]! += amount
          reserves[p]![o]! -= out
        }
        amount = out
      }
      total += amount
    }
    return total
  }
  const run = (parameters: { amountIn: bigint; maxSplits: number; maxHops?: number; gasPriceWad?: bigint; mask?: SearchMask; chunks?: number }) => {
    const { amountIn, maxSplits, maxHops = 2, gasPriceWad = 0n, mask = allEnabled, chunks } = parameters
    const single = findBestPath(context, { source: tok(0), target: tok(1), amountIn, maxHops, mask, gasPriceWad, states }).best!
    return findSplitRoute(context, { source: tok(0), target: tok(1), amountIn, maxHops, maxSplits, mask, gasPriceWad, states, single: single.edges, chunks })
  }
  return { graph, tok, edge, sequential, run }
}

/**
 * Optimum of splitting `amountIn` over independent paths whose continuous output is `K x / (M + L x)`
 * (one constant-product pool: K = γ·reserveOut, M = reserveIn, L = γ; two in a row compose to the same
 * form). Marginal rates equalise: `M + L x = sqrt(K M) t` on the paths in use. Exact outputs are floors
 * of these, so `max` bounds every integer split from above; `at` is the continuous allocation.
 */
function continuousOptimum(paths: { K: number; M: number; L: number }[], amountIn: number): { max: number; at: number[] } {
  let active = paths.map(() => true)
  for (;;) {
    let num = amountIn
    let den = 0
    paths.forEach((p, i) => {
      if (!active[i]) return
      num += p.M / p.L
      den += Math.sqrt(p.K * p.M) / p.L
    })
    const t = num / den
    const at = paths.map((p, i) => (active[i] ? (Math.sqrt(p.K * p.M) * t - p.M) / p.L : 0))
    if (at.every((x) => x >= 0)) return { max: paths.reduce((s, p, i) => s + (p.K * at[i]!) / (p.M + p.L * at[i]!), 0), at }
    active = active.map((a, i) => a && at[i]! > 0)
  }
}
const GAMMA = 0.997
const pathOf = (pools: Pool[]): { K: number; M: number; L: number } => {
  // Pools given in path order, each traded token0 → token1.
  let f = { K: GAMMA * Number(pools[0]!.reserve1), M: Number(pools[0]!.reserve0), L: GAMMA }
  for (const p of pools.slice(1)) {
    const [ri, ro] = [Number(p.reserve0), Number(p.reserve1)]
    // g(y) = γ ro y / (ri + γ y) after y = K x / (M + L x).
    f = { K: GAMMA * ro * f.K, M: ri * f.M, L: ri * f.L + GAMMA * f.K }
  }
  return f
}

/** Checks the result against the optimum: never above it, and within `tolerance` of an integer split near it. */
function checkOptimal(result: FindSplitRouteReturnType, paths: { shape: { K: number; M: number; L: number }; exact: (x: bigint) => bigint }[], amountIn: bigint, tolerance: number) {
  const { max, at } = continuousOptimum(paths.map((p) => p.shape), Number(amountIn))
  expect(Number(result.best.amountOut)).toBeLessThanOrEqual(max * (1 + 1e-12))
  const xs = at.map((x) => BigInt(Math.floor(x)))
  xs[xs.length - 1]! += amountIn - xs.reduce((s, x) => s + x, 0n)
  const achievable = paths.reduce((s, p, i) => s + (xs[i]! > 0n ? p.exact(xs[i]!) : 0n), 0n)
  expect(Number(achievable)).toBeLessThanOrEqual(max * (1 + 1e-12))
  expect(Number(achievable - result.best.amountOut) / Number(achievable)).toBeLessThan(tolerance)
}

/**
 * The local search stops where no move of amountIn/120 (its finest step, at the default 20 chunks)
 * from one leg to another raises the output.
 */
function checkLocalOptimum(result: FindSplitRouteReturnType, amountIn: bigint, sequential: (legs: { edges: readonly number[]; amountIn: bigint }[]) => bigint) {
  const legs = result.best.legs.map((l) => ({ edges: l.edges, amountIn: l.amounts[0]! }))
  const step = amountIn / 120n
  for (let i = 0; i < legs.length; i++)
    for (let j = 0; j < legs.length; j++) {
      if (i === j) continue
      const delta = legs[i]!.amountIn < step ? legs[i]!.amountIn : step
      const moved = legs.map((leg, k) => ({ ...leg, amountIn: leg.amountIn + (k === i ? -delta : k === j ? delta : 0n) }))
      expect(sequential(moved), `move ${delta} from leg ${i} to leg ${j}`).toBeLessThanOrEqual(result.best.amountOut)
    }
}

const sum = (legs: readonly { amounts: readonly bigint[] }[]) => legs.reduce((s, leg) => s + leg.amounts[0]!, 0n)

/** Invariants every result satisfies. */
function checkShape(result: FindSplitRouteReturnType, amountIn: bigint, maxSplits: number, sequential: (legs: { edges: readonly number[]; amountIn: bigint }[]) => bigint, gasPriceWad = 0n) {
  const { best } = result
  expect(sum(best.legs)).toBe(amountIn)
  expect(best.legs.length).toBeGreaterThanOrEqual(1)
  expect(best.legs.length).toBeLessThanOrEqual(maxSplits)
  for (const leg of best.legs) expect(leg.amounts[0]).toBeGreaterThan(0n)
  expect(new Set(best.legs.map((l) => l.edges.join(','))).size).toBe(best.legs.length)
  expect(best.amountOut).toBe(sequential(best.legs.map((l) => ({ edges: l.edges, amountIn: l.amounts[0]! }))))
  expect(best.score).toBe(best.amountOut - gasCost(best.gas, gasPriceWad))
  expect(best.score).toBeGreaterThanOrEqual(result.single.score)
  if (result.waterFill !== undefined) expect(best.score).toBeGreaterThanOrEqual(result.waterFill.score)
  const expectedBest: Record<FindSplitRouteReturnType['method'], EvaluatedLegs | undefined> = { single: result.single, waterFill: result.waterFill, greedy: best }
  expect(best).toBe(expectedBest[result.method])
  if (result.method === 'greedy') {
    expect(best.score).toBeGreaterThan(result.single.score)
    if (result.waterFill !== undefined) expect(best.score).toBeGreaterThanOrEqual(result.waterFill.score)
  }
  if (result.method === 'waterFill') expect(best.score).toBeGreaterThan(result.single.score)
}

describe('findSplitRoute against the exhaustive optimum', () => {
  // The allocation moves in steps of amountIn/20, then amountIn/40 and amountIn/120: beside a pool 1e6
  // times shallower, that granularity costs up to ~1e-3 of the output. Pools of similar depth get 1e-5.
  test(`parallel pools of random depth (1e6–1e12) and price, 2 or 3 of them (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ depth: fc.integer({ min: 6, max: 12 }), price: fc.integer({ min: 80, max: 125 }) }), { minLength: 2, maxLength: 3 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 2, max: 3 }),
        (specs, percent, maxSplits) => {
          const pools = specs.map(({ depth, price }, i) => v2(i, 0, 1, 10n ** BigInt(depth), (10n ** BigInt(depth) * BigInt(price)) / 100n))
          const { edge, sequential, run } = fixture(pools)
          const deepest = pools.reduce((m, p) => (p.reserve0 > m ? p.reserve0 : m), 0n)
          const amountIn = (deepest * BigInt(percent)) / 100n + 7n
          const result = run({ amountIn, maxSplits })
          checkShape(result, amountIn, maxSplits, sequential)
          const paths = pools.map((pool, p) => ({ shape: pathOf([pool]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) }))
          if (maxSplits >= pools.length) checkOptimal(result, paths, amountIn, 2e-3)
          if (result.method === 'greedy') checkLocalOptimum(result, amountIn, sequential)
        },
      ),
      { numRuns: 100, seed: FC_SEED },
    )
  })

  test('two pool-disjoint 2-hop paths', () => {
    // A→C→B and A→D→B, different depths.
    const pools = [v2(0, 0, 2, 10n ** 9n, 2n * 10n ** 9n), v2(1, 2, 1, 2n * 10n ** 9n, 10n ** 9n), v2(2, 0, 3, 3n * 10n ** 9n, 3n * 10n ** 9n), v2(3, 3, 1, 3n * 10n ** 9n, 33n * 10n ** 8n)]
    const { edge, sequential, run } = fixture(pools)
    const amountIn = 8n * 10n ** 8n
    const result = run({ amountIn, maxSplits: 2 })
    checkShape(result, amountIn, 2, sequential)
    expect(result.best.legs.map((l) => l.edges).sort()).toEqual([[edge(0, 0), edge(1, 2)], [edge(2, 0), edge(3, 3)]].sort())
    checkOptimal(result, [
      { shape: pathOf([pools[0]!, pools[1]!]), exact: (x) => sequential([{ edges: [edge(0, 0), edge(1, 2)], amountIn: x }]) },
      { shape: pathOf([pools[2]!, pools[3]!]), exact: (x) => sequential([{ edges: [edge(2, 0), edge(3, 3)], amountIn: x }]) },
    ], amountIn, 1e-5)
  })
})

describe('findSplitRoute decisions', () => {
  const twoPools = (depth: bigint, protocol1 = 'uniswap-v2') => fixture([v2(0, 0, 1, depth, depth), v2(1, 0, 1, 2n * depth, 2n * depth, protocol1)])

  test('similar pools, 1:2 depth: greedy wins, tight to the optimum, largest leg first', () => {
    const pools = [v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 0, 1, 2n * 10n ** 9n, 2n * 10n ** 9n), v2(2, 0, 1, 3n * 10n ** 9n, 31n * 10n ** 8n)]
    const { edge, sequential, run } = fixture(pools)
    const amountIn = 10n ** 9n + 3n
    const result = run({ amountIn, maxSplits: 3 })
    checkShape(result, amountIn, 3, sequential)
    expect(result.method).toBe('greedy')
    expect(result.best.legs.map((l) => l.edges)).toEqual([[edge(2, 0)], [edge(1, 0)], [edge(0, 0)]])
    const amounts = result.best.legs.map((l) => l.amounts[0]!)
    expect([...amounts].sort((a, b) => (a > b ? -1 : 1))).toEqual(amounts)
    checkOptimal(result, pools.map((pool, p) => ({ shape: pathOf([pool]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) })), amountIn, 1e-5)
  })

  test('at most maxSplits legs, even when more pools would help', () => {
    const pools = [0, 1, 2, 3].map((i) => v2(i, 0, 1, BigInt(i + 1) * 10n ** 9n, BigInt(i + 1) * 10n ** 9n))
    const { edge, sequential, run } = fixture(pools)
    const result = run({ amountIn: 2n * 10n ** 9n, maxSplits: 2 })
    checkShape(result, 2n * 10n ** 9n, 2, sequential)
    expect(result.best.legs).toHaveLength(2)
    // The two deepest pools, with the optimum over those two.
    expect(result.best.legs.map((l) => l.edges[0]).sort()).toEqual([edge(2, 0), edge(3, 0)].sort())
    checkOptimal(result, [2, 3].map((p) => ({ shape: pathOf([pools[p]!]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) })), 2n * 10n ** 9n, 1e-5)
  })

  test('maxSplits 1, or an amount below 2 units: the single path, no water-filling', () => {
    // Pools paying 1,000 B per A, so that one unit of A buys something.
    const { run } = fixture([v2(0, 0, 1, 10n ** 6n, 10n ** 9n), v2(1, 0, 1, 2n * 10n ** 6n, 2n * 10n ** 9n)])
    for (const [amountIn, maxSplits] of [[10n ** 5n, 1], [1n, 2]] as const) {
      const result = run({ amountIn, maxSplits })
      expect(result.method).toBe('single')
      expect(result.best).toBe(result.single)
      expect(result.waterFill).toBeUndefined()
      expect(result.single.legs.map((l) => l.amounts[0])).toEqual([amountIn])
    }
    // Two units with room to split are split.
    expect(run({ amountIn: 2n, maxSplits: 2 }).waterFill).toBeDefined()
  })

  test('no price impact to speak of (impact below 1e-9): the single path, without a split search', () => {
    // 1e12 into pools of 1e22 and 2e22: impact ~1e-10.
    const calm = twoPools(10n ** 22n).run({ amountIn: 10n ** 12n, maxSplits: 2 })
    expect(calm.method).toBe('single')
    expect(calm.best).toBe(calm.single)
    expect(calm.waterFill).toBeUndefined()
    // Impact ~1e-8: the split search runs (and gains a few units).
    const moving = twoPools(10n ** 20n).run({ amountIn: 10n ** 12n, maxSplits: 2 })
    expect(moving.waterFill).toBeDefined()
    expect(moving.best.amountOut).toBeGreaterThan(moving.single.amountOut)
  })

  test('small amounts into shallow pools are split too (the marginal-rate probe is not rounded to whole units)', () => {
    // 100 units into pools of 1,000 and 2,000: the probe (1e-7 units) is far below one unit.
    const pools = [v2(0, 0, 1, 1000n, 1000n), v2(1, 0, 1, 2000n, 2000n)]
    const { edge, sequential, run } = fixture(pools)
    const result = run({ amountIn: 100n, maxSplits: 2 })
    checkShape(result, 100n, 2, sequential)
    expect(result.best.legs).toHaveLength(2)
    checkOptimal(result, [0, 1].map((p) => ({ shape: pathOf([pools[p]!]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) })), 100n, 2e-2)
    // 1e8 units into pools of 1e9 and 2e9: about 3 % more than the single path.
    const big = fixture([v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 0, 1, 2n * 10n ** 9n, 2n * 10n ** 9n)]).run({ amountIn: 3n * 10n ** 8n, maxSplits: 2 })
    expect(Number(big.best.amountOut) / Number(big.single.amountOut)).toBeGreaterThan(1.03)
  })

  test('the probe sees only allowed pools: a better but banned or disabled pool does not force a split search', () => {
    // Pool 0 deep at 1:1 (allowed); pool 1 deep at 2:1 (banned by the mask, or on a disabled adapter).
    for (const how of ['poolBanned', 'adapter'] as const) {
      const { run } = fixture([v2(0, 0, 1, 10n ** 22n, 10n ** 22n), v2(1, 0, 1, 10n ** 22n, 2n * 10n ** 22n, how === 'adapter' ? 'test-other' : 'uniswap-v2')])
      const mask: SearchMask =
        how === 'poolBanned'
          ? { adapterEnabled: allEnabled.adapterEnabled, poolBanned: new Uint8Array([0, 1]) }
          : { adapterEnabled: new Uint8Array(adapters.length).fill(1).map((x, i) => (i === adapters.length - 1 ? 0 : x)) }
      const result = run({ amountIn: 10n ** 12n, maxSplits: 2, mask })
      expect(result.method, how).toBe('single')
      expect(result.waterFill, how).toBeUndefined()
    }
  })

  test('the probe counts walks of at most maxHops hops that reach the target, from the source only', () => {
    // Token order matters to the walk search: X (0), B (1), A (2), Y (3), C (4). A→B is deep at 1:1.
    // X→B and Y→B pay 3:1 but X and Y are out of A's reach; A→C pays 2:1 but C is no target; and
    // A→D→B pays 2:1 in two hops.
    const deep = 10n ** 22n
    const pools = [v2(0, 5, 1, deep, 3n * deep), v2(1, 0, 1, deep, deep), v2(2, 6, 1, deep, 3n * deep), v2(3, 0, 7, deep, 2n * deep), v2(4, 0, 8, deep, 2n * deep), v2(5, 8, 1, deep, deep)]
    const { run } = fixture(pools)
    const oneHop = run({ amountIn: 10n ** 12n, maxSplits: 2, maxHops: 1 })
    expect(oneHop.method).toBe('single')
    expect(oneHop.waterFill).toBeUndefined()
    // With two hops A→D→B is better: the route takes it, and it is still impact-free.
    const twoHops = run({ amountIn: 10n ** 12n, maxSplits: 2, maxHops: 2 })
    expect(twoHops.best.legs[0]!.edges).toHaveLength(2)
    expect(twoHops.waterFill).toBeUndefined()
  })

  test('the probe keeps the best amount reaching a token, whichever edge reaches it last', () => {
    // A→M twice, deep: a fair pool, then (later edge) one paying half; M→B on two parallel pools of 1e13,
    // where 1e9 in has ~1e-4 impact. The marginal rate goes through the fair pool; had the later, worse
    // edge overwritten M's amount, the bound would sit below the single path and the split be skipped.
    const deep = 10n ** 22n
    const pools = [v2(0, 0, 2, deep, deep), v2(1, 0, 2, deep, deep / 2n), v2(2, 2, 1, 10n ** 13n, 10n ** 13n), v2(3, 2, 1, 10n ** 13n, 10n ** 13n)]
    const result = fixture(pools).run({ amountIn: 10n ** 9n, maxSplits: 2 })
    expect(result.waterFill).toBeDefined()
    expect(result.method).not.toBe('single')
    expect(result.best.amountOut).toBeGreaterThan(result.single.amountOut)
  })

  test('the no-impact threshold is 1e-9 of the output', () => {
    // Relative impact of 1e12 into the deeper pool, of R, is about 1e12 / R: 2e-9 (split search) and 5e-10 (none).
    expect(twoPools(25n * 10n ** 19n).run({ amountIn: 10n ** 12n, maxSplits: 2 }).waterFill).toBeDefined()
    expect(twoPools(10n ** 21n).run({ amountIn: 10n ** 12n, maxSplits: 2 }).waterFill).toBeUndefined()
  })

  test('a split at the second hop, sharing the first pool: the path avoiding one pool of the single path is a candidate', () => {
    // A→C deep; C→B on a pool of 2e9 (the single path) and one of 1e9. Half the amount still prefers
    // the deeper pool, and no pool-disjoint path exists: only "avoid the C→B pool" finds the other.
    const pools = [v2(0, 0, 2, 10n ** 13n, 10n ** 13n), v2(1, 2, 1, 2n * 10n ** 9n, 2n * 10n ** 9n), v2(2, 2, 1, 10n ** 9n, 10n ** 9n)]
    const { edge, sequential, run } = fixture(pools)
    const amountIn = 10n ** 9n
    const result = run({ amountIn, maxSplits: 2 })
    checkShape(result, amountIn, 2, sequential)
    expect(result.best.legs.map((l) => l.edges).sort()).toEqual([[edge(0, 0), edge(1, 2)], [edge(0, 0), edge(2, 2)]].sort())
    expect(Number(result.best.amountOut) / Number(result.single.amountOut)).toBeGreaterThan(1.05)
    // Any number of chunks, odd ones included, finds the same split (greedy steps of 1/3, local steps of 1/6 and 1/18).
    const coarse = run({ amountIn, maxSplits: 2, chunks: 3 })
    checkShape(coarse, amountIn, 2, sequential)
    expect(Number(coarse.best.amountOut) / Number(result.best.amountOut)).toBeGreaterThan(1 - 1e-3)
  })

  test('fewer units than chunks: empty chunks open no path', () => {
    // 19 units in 20 chunks: the first chunk is empty. Pools pay 1,000 B per A and move a lot per unit.
    const pools = [v2(0, 0, 1, 40n, 40_000n), v2(1, 0, 1, 40n, 40_000n)]
    const { sequential, run } = fixture(pools)
    const result = run({ amountIn: 19n, maxSplits: 2 })
    checkShape(result, 19n, 2, sequential)
    expect(result.method).toBe('greedy')
    expect(result.best.legs.map((l) => l.amounts[0])).toEqual([10n, 9n])
  })

  test('banned pools stay out of every candidate', () => {
    // Pools 0-2 at 1:1; pool 2 is the deepest, but banned by the request's mask.
    const pools = [v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 0, 1, 10n ** 9n, 10n ** 9n), v2(2, 0, 1, 10n ** 11n, 10n ** 11n)]
    const { edge, sequential, run } = fixture(pools)
    const mask: SearchMask = { adapterEnabled: allEnabled.adapterEnabled, poolBanned: new Uint8Array([0, 0, 1]) }
    const result = run({ amountIn: 5n * 10n ** 8n, maxSplits: 3, mask })
    checkShape(result, 5n * 10n ** 8n, 3, sequential)
    expect(result.best.legs.map((l) => l.edges[0]).sort()).toEqual([edge(0, 0), edge(1, 0)].sort())
    for (const leg of result.waterFill!.legs) expect(leg.edges).not.toContain(edge(2, 0))
  })

  test('gas-aware: a second leg opens only when its output gain pays for its gas', () => {
    const pools = [v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 0, 1, 10n ** 9n, 10n ** 9n)]
    const { sequential, run } = fixture(pools)
    const amountIn = 10n ** 8n
    const whole = sequential([{ edges: run({ amountIn, maxSplits: 1 }).best.legs[0]!.edges, amountIn }])
    const half = 2n * sequential([{ edges: run({ amountIn, maxSplits: 1 }).best.legs[0]!.edges, amountIn: amountIn / 2n }])
    const gain = half - whole // about 4.3e6
    // One hop costs 60,000 gas: at gain/60,000 (wad) the second hop costs exactly the gain.
    const breakEven = (gain * 10n ** 18n) / 60_000n
    const cheap = run({ amountIn, maxSplits: 2, gasPriceWad: breakEven / 2n })
    checkShape(cheap, amountIn, 2, sequential, breakEven / 2n)
    expect(cheap.best.legs).toHaveLength(2)
    expect(cheap.best.gas).toBe(120_000n)
    const dear = run({ amountIn, maxSplits: 2, gasPriceWad: breakEven * 2n })
    checkShape(dear, amountIn, 2, sequential, breakEven * 2n)
    expect(dear.method).toBe('single')
    expect(dear.best.legs).toHaveLength(1)
    // Gas decides against the split, not the output: the water-filling split outputs more.
    expect(dear.waterFill!.amountOut).toBeGreaterThan(dear.best.amountOut)
  })

  test('one greedy chunk puts everything on one path: water-filling wins then', () => {
    const pools = [v2(0, 0, 1, 10n ** 9n, 10n ** 9n), v2(1, 0, 1, 2n * 10n ** 9n, 2n * 10n ** 9n)]
    const { sequential, run } = fixture(pools)
    const result = run({ amountIn: 5n * 10n ** 8n, maxSplits: 2, chunks: 1 })
    checkShape(result, 5n * 10n ** 8n, 2, sequential)
    expect(result.method).toBe('waterFill')
    expect(result.best).toBe(result.waterFill)
    expect(result.best.legs).toHaveLength(2)
  })

  test('paths sharing a pool: legs are quoted against the state the earlier legs left', () => {
    // A→C is one shallow pool; C→B has two deep pools, and a direct A→B pool. Every route through C
    // shares the A→C pool, so splitting there gains nothing over one leg through C.
    const pools = [v2(0, 0, 2, 10n ** 9n, 10n ** 9n), v2(1, 2, 1, 10n ** 12n, 10n ** 12n), v2(2, 2, 1, 10n ** 12n, 10n ** 12n), v2(3, 0, 1, 10n ** 9n, 9n * 10n ** 8n)]
    const { edge, sequential, run } = fixture(pools)
    const amountIn = 3n * 10n ** 8n
    const result = run({ amountIn, maxSplits: 3 })
    checkShape(result, amountIn, 3, sequential)
    const viaC = result.best.legs.filter((l) => l.edges[0] === edge(0, 0))
    expect(viaC.length).toBeGreaterThanOrEqual(1)
    expect(result.best.legs.some((l) => l.edges[0] === edge(3, 0))).toBe(true)
    // Against the exhaustive optimum of the two independent routes (A–C–B on the deeper C→B pool, and A→B).
    checkOptimal(result, [
      { shape: pathOf([pools[0]!, pools[1]!]), exact: (x) => sequential([{ edges: [edge(0, 0), edge(1, 2)], amountIn: x }]) },
      { shape: pathOf([pools[3]!]), exact: (x) => sequential([{ edges: [edge(3, 0)], amountIn: x }]) },
    ], amountIn, 1e-5)
  })
})

describe('findSplitRoute with capped pools', () => {
  // Two Balancer pools S/T whose 30 % max-in ratio the input exceeds (a leg above it reverts on chain:
  // exact quote 0) and a poor but deep V2 pool. Chunks on a growing balance never reach the cap, so
  // the greedy allocation used to pile more into a Balancer leg than one swap can take, and a split
  // with a dead leg "won" on the output of the others (seen on the devnet: aWBTC → AAVE for $5M, whose
  // simulation then reverted with BAL#304).
  const balancer = (i: number, balanceS: bigint, balanceT: bigint): BalancerV2WeightedPoolSnapshot => ({
    protocol: 'balancer-v2',
    address: testAddress(4, i),
    blockNumber: 1n,
    tokens: [testAddress(1, 0), testAddress(1, 1)],
    poolId: `0x${testAddress(4, i).slice(2)}000200000000000000000001`,
    balances: [balanceS, balanceT],
    weights: [5n * 10n ** 17n, 5n * 10n ** 17n],
    decimals: [18, 18],
    swapFee: 3n * 10n ** 15n,
  })
  const E18 = 10n ** 18n
  const pools: PoolSnapshotBase[] = [balancer(0, 1000n * E18, 1500n * E18), balancer(1, 1000n * E18, 1000n * E18), v2(0, 0, 1, 10n ** 24n, 10n ** 22n)]
  const graph = buildGraph({ adapters: protocolAdapters }, { version: 'capped', chainId: 1, blockNumber: 1n, pools })
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)
  const S = graph.tokenIndex.get(testAddress(1, 0))!
  const T = graph.tokenIndex.get(testAddress(1, 1))!
  const mask: SearchMask = { adapterEnabled: new Uint8Array(protocolAdapters.length).fill(1) }

  for (const amountIn of [1000n * E18, 500n * E18, 2000n * E18]) {
    test(`${amountIn / E18} in: every leg delivers, no leg above its pool's cap, at least the single path`, () => {
      const leg = { source: S, target: T, amountIn, maxHops: 2, mask, gasPriceWad: 0n, states }
      const single = findBestPath(context, leg).best!
      const { best } = findSplitRoute(context, { ...leg, maxSplits: 4, single: single.edges })
      expect(best.score).not.toBe(INFEASIBLE_SCORE)
      expect(best.legs.reduce((sum, l) => sum + l.amounts[0]!, 0n)).toBe(amountIn)
      for (const l of best.legs) expect(l.amountOut).toBeGreaterThan(0n)
      // Each Balancer leg stays within 30 % of the pool's S balance (one swap, the leg's whole amount).
      for (const l of best.legs) {
        const pool = graph.pools[graph.edgePool[l.edges[0]!]!]!.snapshot
        if (pool.protocol === 'balancer-v2') expect(l.amounts[0]! * 10n).toBeLessThanOrEqual((pool as BalancerV2WeightedPoolSnapshot).balances[0]! * 3n)
      }
      expect(best.amountOut).toBeGreaterThanOrEqual(single.amountOut)
      // Both Balancer pools are worth using: far more than the V2 pool alone pays.
      expect(best.amountOut).toBeGreaterThan(single.amountOut * 10n)
      // Each capped pool carries a leg: the second is found by the pool-disjoint chain at one chunk's amount.
      const used = new Set(best.legs.map((l) => graph.edgePool[l.edges[0]!]!))
      expect(used.has(0) && used.has(1)).toBe(true)
    })
  }
  test('a capped pool behind the single path\'s first pool: found at one chunk\'s amount, and its leg stops at the cap', () => {
    // S → X is shared, X → T is a poor V2 pool or a capped Balancer one. The pool-disjoint chain cannot
    // reach X without S → X and water-filling only splits disjoint paths, so only the search at one
    // chunk's amount finds S → X → P, and only closing that candidate at its cap keeps the split executable.
    const E18 = 10n ** 18n
    const xt: BalancerV2WeightedPoolSnapshot = { ...balancer(5, 1000n * E18, 1500n * E18), tokens: [testAddress(1, 2), testAddress(1, 1)] }
    const g = buildGraph({ adapters: protocolAdapters }, {
      version: 'capped-shared', chainId: 1, blockNumber: 1n,
      pools: [v2(10, 0, 2, 10n ** 30n, 10n ** 30n), v2(11, 2, 1, 10n ** 24n, 10n ** 22n), xt],
    })
    const c = createSearchContext(g)
    const st = new PoolStates(g)
    const leg = { source: g.tokenIndex.get(testAddress(1, 0))!, target: g.tokenIndex.get(testAddress(1, 1))!, amountIn: 2000n * E18, maxHops: 3, mask, gasPriceWad: 0n, states: st }
    const single = findBestPath(c, leg).best!
    expect(single.edges.map((e) => g.pools[g.edgePool[e]!]!.adapter.slug)).toEqual(['uniswap-v2', 'uniswap-v2'])
    const { best } = findSplitRoute(c, { ...leg, maxSplits: 4, single: single.edges })
    for (const l of best.legs) expect(l.amountOut).toBeGreaterThan(0n)
    expect(best.legs.some((l) => g.pools[g.edgePool[l.edges[1]!]!]!.adapter.slug === 'balancer-v2')).toBe(true)
    expect(best.amountOut).toBeGreaterThan(single.amountOut * 10n)
  })
  test('evaluateLegs: a leg with input and no output makes the split infeasible', () => {
    const deadEdge = graph.pools[0]!.edgeIds.find((e) => graph.edgeTail[e] === S)!
    const liveEdge = graph.pools[2]!.edgeIds.find((e) => graph.edgeTail[e] === S)!
    const dead = evaluateLegs(states, { legs: [{ edges: [deadEdge], amountIn: 900n * E18 }, { edges: [liveEdge], amountIn: 100n * E18 }], gasPriceWad: 0n })
    expect(dead.legs[0]!.amountOut).toBe(0n)
    expect(dead.score).toBe(INFEASIBLE_SCORE)
    // Below every real score: any comparison rejects an infeasible split.
    expect(INFEASIBLE_SCORE < -(10n ** 70n)).toBe(true)
    const live = evaluateLegs(states, { legs: [{ edges: [deadEdge], amountIn: 100n * E18 }, { edges: [liveEdge], amountIn: 900n * E18 }], gasPriceWad: 0n })
    expect(live.score).toBe(live.amountOut)
    expect(live.score).toBeGreaterThan(0n)
  })
  test(`random graphs with capped pools (V3 ranges, 3-token Balancer) and amounts past the caps: every leg delivers (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const snapshot = randomSnapshot({ seed, tokens: 6, v2Pools: 8, v3Pools: 5, balancerPools: 5, minExp: 3, maxExp: 22 })
        const g = buildGraph({ adapters: protocolAdapters }, snapshot)
        const ctx = createSearchContext(g)
        const st = new PoolStates(g)
        for (let q = 0; q < 4; q++) {
          const source = (seed + q) % 6
          const target = (seed + 2 * q + 1) % 6
          if (source === target) continue
          const amountIn = 10n ** BigInt(6 + ((seed >>> q) % 18))
          const leg = { source, target, amountIn, maxHops: 3, mask, gasPriceWad: 0n, states: st }
          const single = findBestPath(ctx, leg).best
          if (single === undefined) continue
          const { best } = findSplitRoute(ctx, { ...leg, maxSplits: 4, single: single.edges })
          expect(best.legs.reduce((sum, l) => sum + l.amounts[0]!, 0n)).toBe(amountIn)
          for (const l of best.legs) expect(l.amountOut, `seed=${seed} q=${q}`).toBeGreaterThan(0n)
          expect(best.amountOut).toBeGreaterThanOrEqual(single.amountOut)
        }
      }),
      { numRuns: 150, seed: FC_SEED },
    )
  })
})
