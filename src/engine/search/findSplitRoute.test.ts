/**
 * `findSplitRoute` against the exhaustive optimum of independent paths (marginal rates equalised in closed
 * form), and the decisions it takes: legs, maxSplits, chunks, masks, gas, shared pools. The no-impact
 * probe is in `findSplitRouteImpactProbe.test.ts`, capped pools in `findSplitRouteCappedPools.test.ts`;
 * the fixtures and checks they share are in `engine/testing/`.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkSplitLocalOptimum } from '../testing/checkSplitLocalOptimum.js'
import { checkSplitOptimal } from '../testing/checkSplitOptimal.js'
import { checkSplitShape } from '../testing/checkSplitShape.js'
import { pathShapeOf } from '../testing/pathShapeOf.js'
import { allSplitRouteAdaptersEnabled, splitRouteFixture } from '../testing/splitRouteFixture.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import type { SearchMask } from './searchContext.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261126)

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
          const pools = specs.map(({ depth, price }, i) => testV2Pool(i, 0, 1, 10n ** BigInt(depth), (10n ** BigInt(depth) * BigInt(price)) / 100n))
          const { edge, sequential, run } = splitRouteFixture(pools)
          const deepest = pools.reduce((m, p) => (p.reserve0 > m ? p.reserve0 : m), 0n)
          const amountIn = (deepest * BigInt(percent)) / 100n + 7n
          const result = run({ amountIn, maxSplits })
          checkSplitShape(result, amountIn, maxSplits, sequential)
          const paths = pools.map((pool, p) => ({ shape: pathShapeOf([pool]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) }))
          if (maxSplits >= pools.length) checkSplitOptimal(result, paths, amountIn, 2e-3)
          if (result.method === 'greedy') checkSplitLocalOptimum(result, amountIn, sequential)
        },
      ),
      { numRuns: 100, seed: FC_SEED },
    )
  })

  test('two pool-disjoint 2-hop paths', () => {
    // A→C→B and A→D→B, different depths.
    const pools = [testV2Pool(0, 0, 2, 10n ** 9n, 2n * 10n ** 9n), testV2Pool(1, 2, 1, 2n * 10n ** 9n, 10n ** 9n), testV2Pool(2, 0, 3, 3n * 10n ** 9n, 3n * 10n ** 9n), testV2Pool(3, 3, 1, 3n * 10n ** 9n, 33n * 10n ** 8n)]
    const { edge, sequential, run } = splitRouteFixture(pools)
    const amountIn = 8n * 10n ** 8n
    const result = run({ amountIn, maxSplits: 2 })
    checkSplitShape(result, amountIn, 2, sequential)
    expect(result.best.legs.map((l) => l.edges).sort()).toEqual([[edge(0, 0), edge(1, 2)], [edge(2, 0), edge(3, 3)]].sort())
    checkSplitOptimal(result, [
      { shape: pathShapeOf([pools[0]!, pools[1]!]), exact: (x) => sequential([{ edges: [edge(0, 0), edge(1, 2)], amountIn: x }]) },
      { shape: pathShapeOf([pools[2]!, pools[3]!]), exact: (x) => sequential([{ edges: [edge(2, 0), edge(3, 3)], amountIn: x }]) },
    ], amountIn, 1e-5)
  })
})

describe('findSplitRoute decisions', () => {
  test('similar pools, 1:2 depth: greedy wins, tight to the optimum, largest leg first', () => {
    const pools = [testV2Pool(0, 0, 1, 10n ** 9n, 10n ** 9n), testV2Pool(1, 0, 1, 2n * 10n ** 9n, 2n * 10n ** 9n), testV2Pool(2, 0, 1, 3n * 10n ** 9n, 31n * 10n ** 8n)]
    const { edge, sequential, run } = splitRouteFixture(pools)
    const amountIn = 10n ** 9n + 3n
    const result = run({ amountIn, maxSplits: 3 })
    checkSplitShape(result, amountIn, 3, sequential)
    expect(result.method).toBe('greedy')
    expect(result.best.legs.map((l) => l.edges)).toEqual([[edge(2, 0)], [edge(1, 0)], [edge(0, 0)]])
    const amounts = result.best.legs.map((l) => l.amounts[0]!)
    expect([...amounts].sort((a, b) => (a > b ? -1 : 1))).toEqual(amounts)
    checkSplitOptimal(result, pools.map((pool, p) => ({ shape: pathShapeOf([pool]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) })), amountIn, 1e-5)
  })

  test('at most maxSplits legs, even when more pools would help', () => {
    const pools = [0, 1, 2, 3].map((i) => testV2Pool(i, 0, 1, BigInt(i + 1) * 10n ** 9n, BigInt(i + 1) * 10n ** 9n))
    const { edge, sequential, run } = splitRouteFixture(pools)
    const result = run({ amountIn: 2n * 10n ** 9n, maxSplits: 2 })
    checkSplitShape(result, 2n * 10n ** 9n, 2, sequential)
    expect(result.best.legs).toHaveLength(2)
    // The two deepest pools, with the optimum over those two.
    expect(result.best.legs.map((l) => l.edges[0]).sort()).toEqual([edge(2, 0), edge(3, 0)].sort())
    checkSplitOptimal(result, [2, 3].map((p) => ({ shape: pathShapeOf([pools[p]!]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) })), 2n * 10n ** 9n, 1e-5)
  })

  test('maxSplits 1, or an amount below 2 units: the single path, no water-filling', () => {
    // Pools paying 1,000 B per A, so that one unit of A buys something.
    const { run } = splitRouteFixture([testV2Pool(0, 0, 1, 10n ** 6n, 10n ** 9n), testV2Pool(1, 0, 1, 2n * 10n ** 6n, 2n * 10n ** 9n)])
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

  test('a split at the second hop, sharing the first pool: the path avoiding one pool of the single path is a candidate', () => {
    // A→C deep; C→B on a pool of 2e9 (the single path) and one of 1e9. Half the amount still prefers
    // the deeper pool, and no pool-disjoint path exists: only "avoid the C→B pool" finds the other.
    const pools = [testV2Pool(0, 0, 2, 10n ** 13n, 10n ** 13n), testV2Pool(1, 2, 1, 2n * 10n ** 9n, 2n * 10n ** 9n), testV2Pool(2, 2, 1, 10n ** 9n, 10n ** 9n)]
    const { edge, sequential, run } = splitRouteFixture(pools)
    const amountIn = 10n ** 9n
    const result = run({ amountIn, maxSplits: 2 })
    checkSplitShape(result, amountIn, 2, sequential)
    expect(result.best.legs.map((l) => l.edges).sort()).toEqual([[edge(0, 0), edge(1, 2)], [edge(0, 0), edge(2, 2)]].sort())
    expect(Number(result.best.amountOut) / Number(result.single.amountOut)).toBeGreaterThan(1.05)
    // Any number of chunks, odd ones included, finds the same split (greedy steps of 1/3, local steps of 1/6 and 1/18).
    const coarse = run({ amountIn, maxSplits: 2, chunks: 3 })
    checkSplitShape(coarse, amountIn, 2, sequential)
    expect(Number(coarse.best.amountOut) / Number(result.best.amountOut)).toBeGreaterThan(1 - 1e-3)
  })

  test('fewer units than chunks: empty chunks open no path', () => {
    // 19 units in 20 chunks: the first chunk is empty. Pools pay 1,000 B per A and move a lot per unit.
    const pools = [testV2Pool(0, 0, 1, 40n, 40_000n), testV2Pool(1, 0, 1, 40n, 40_000n)]
    const { sequential, run } = splitRouteFixture(pools)
    const result = run({ amountIn: 19n, maxSplits: 2 })
    checkSplitShape(result, 19n, 2, sequential)
    expect(result.method).toBe('greedy')
    expect(result.best.legs.map((l) => l.amounts[0])).toEqual([10n, 9n])
  })

  test('banned pools stay out of every candidate', () => {
    // Pools 0-2 at 1:1; pool 2 is the deepest, but banned by the request's mask.
    const pools = [testV2Pool(0, 0, 1, 10n ** 9n, 10n ** 9n), testV2Pool(1, 0, 1, 10n ** 9n, 10n ** 9n), testV2Pool(2, 0, 1, 10n ** 11n, 10n ** 11n)]
    const { edge, sequential, run } = splitRouteFixture(pools)
    const mask: SearchMask = { adapterEnabled: allSplitRouteAdaptersEnabled.adapterEnabled, poolBanned: new Uint8Array([0, 0, 1]) }
    const result = run({ amountIn: 5n * 10n ** 8n, maxSplits: 3, mask })
    checkSplitShape(result, 5n * 10n ** 8n, 3, sequential)
    expect(result.best.legs.map((l) => l.edges[0]).sort()).toEqual([edge(0, 0), edge(1, 0)].sort())
    for (const leg of result.waterFill!.legs) expect(leg.edges).not.toContain(edge(2, 0))
  })

  test('gas-aware: a second leg opens only when its output gain pays for its gas', () => {
    const pools = [testV2Pool(0, 0, 1, 10n ** 9n, 10n ** 9n), testV2Pool(1, 0, 1, 10n ** 9n, 10n ** 9n)]
    const { sequential, run } = splitRouteFixture(pools)
    const amountIn = 10n ** 8n
    const whole = sequential([{ edges: run({ amountIn, maxSplits: 1 }).best.legs[0]!.edges, amountIn }])
    const half = 2n * sequential([{ edges: run({ amountIn, maxSplits: 1 }).best.legs[0]!.edges, amountIn: amountIn / 2n }])
    const gain = half - whole // about 4.3e6
    // One hop costs 60,000 gas: at gain/60,000 (wad) the second hop costs exactly the gain.
    const breakEven = (gain * 10n ** 18n) / 60_000n
    const cheap = run({ amountIn, maxSplits: 2, gasPriceWad: breakEven / 2n })
    checkSplitShape(cheap, amountIn, 2, sequential, breakEven / 2n)
    expect(cheap.best.legs).toHaveLength(2)
    expect(cheap.best.gas).toBe(120_000n)
    const dear = run({ amountIn, maxSplits: 2, gasPriceWad: breakEven * 2n })
    checkSplitShape(dear, amountIn, 2, sequential, breakEven * 2n)
    expect(dear.method).toBe('single')
    expect(dear.best.legs).toHaveLength(1)
    // Gas decides against the split, not the output: the water-filling split outputs more.
    expect(dear.waterFill!.amountOut).toBeGreaterThan(dear.best.amountOut)
  })

  test('one greedy chunk puts everything on one path: water-filling wins then', () => {
    const pools = [testV2Pool(0, 0, 1, 10n ** 9n, 10n ** 9n), testV2Pool(1, 0, 1, 2n * 10n ** 9n, 2n * 10n ** 9n)]
    const { sequential, run } = splitRouteFixture(pools)
    const result = run({ amountIn: 5n * 10n ** 8n, maxSplits: 2, chunks: 1 })
    checkSplitShape(result, 5n * 10n ** 8n, 2, sequential)
    expect(result.method).toBe('waterFill')
    expect(result.best).toBe(result.waterFill)
    expect(result.best.legs).toHaveLength(2)
  })

  test('paths sharing a pool: legs are quoted against the state the earlier legs left', () => {
    // A→C is one shallow pool; C→B has two deep pools, and a direct A→B pool. Every route through C
    // shares the A→C pool, so splitting there gains nothing over one leg through C.
    const pools = [testV2Pool(0, 0, 2, 10n ** 9n, 10n ** 9n), testV2Pool(1, 2, 1, 10n ** 12n, 10n ** 12n), testV2Pool(2, 2, 1, 10n ** 12n, 10n ** 12n), testV2Pool(3, 0, 1, 10n ** 9n, 9n * 10n ** 8n)]
    const { edge, sequential, run } = splitRouteFixture(pools)
    const amountIn = 3n * 10n ** 8n
    const result = run({ amountIn, maxSplits: 3 })
    checkSplitShape(result, amountIn, 3, sequential)
    const viaC = result.best.legs.filter((l) => l.edges[0] === edge(0, 0))
    expect(viaC.length).toBeGreaterThanOrEqual(1)
    expect(result.best.legs.some((l) => l.edges[0] === edge(3, 0))).toBe(true)
    // Against the exhaustive optimum of the two independent routes (A–C–B on the deeper C→B pool, and A→B).
    checkSplitOptimal(result, [
      { shape: pathShapeOf([pools[0]!, pools[1]!]), exact: (x) => sequential([{ edges: [edge(0, 0), edge(1, 2)], amountIn: x }]) },
      { shape: pathShapeOf([pools[3]!]), exact: (x) => sequential([{ edges: [edge(3, 0)], amountIn: x }]) },
    ], amountIn, 1e-5)
  })
})
