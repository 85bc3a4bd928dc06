/**
 * `findSplitRoute`'s no-impact probe: when the marginal rate of the allowed walks shows no price impact to
 * speak of (below 1e-9 of the output), the single path is the answer and no split is searched; otherwise
 * the split search runs, small amounts into shallow pools included.
 */
import { describe, expect, test } from 'vitest'
import { checkSplitOptimal } from '../testing/checkSplitOptimal.js'
import { checkSplitShape } from '../testing/checkSplitShape.js'
import { pathShapeOf } from '../testing/pathShapeOf.js'
import { allSplitRouteAdaptersEnabled, splitRouteAdapters, splitRouteFixture } from '../testing/splitRouteFixture.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import type { SearchMask } from './searchContext.js'

describe('findSplitRoute decisions: the no-impact probe', () => {
  const twoPools = (depth: bigint, protocol1 = 'uniswap-v2') => splitRouteFixture([testV2Pool(0, 0, 1, depth, depth), testV2Pool(1, 0, 1, 2n * depth, 2n * depth, protocol1)])

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
    const pools = [testV2Pool(0, 0, 1, 1000n, 1000n), testV2Pool(1, 0, 1, 2000n, 2000n)]
    const { edge, sequential, run } = splitRouteFixture(pools)
    const result = run({ amountIn: 100n, maxSplits: 2 })
    checkSplitShape(result, 100n, 2, sequential)
    expect(result.best.legs).toHaveLength(2)
    checkSplitOptimal(result, [0, 1].map((p) => ({ shape: pathShapeOf([pools[p]!]), exact: (x: bigint) => sequential([{ edges: [edge(p, 0)], amountIn: x }]) })), 100n, 2e-2)
    // 1e8 units into pools of 1e9 and 2e9: about 3 % more than the single path.
    const big = splitRouteFixture([testV2Pool(0, 0, 1, 10n ** 9n, 10n ** 9n), testV2Pool(1, 0, 1, 2n * 10n ** 9n, 2n * 10n ** 9n)]).run({ amountIn: 3n * 10n ** 8n, maxSplits: 2 })
    expect(Number(big.best.amountOut) / Number(big.single.amountOut)).toBeGreaterThan(1.03)
  })

  test('the probe sees only allowed pools: a better but banned or disabled pool does not force a split search', () => {
    // Pool 0 deep at 1:1 (allowed); pool 1 deep at 2:1 (banned by the mask, or on a disabled adapter).
    for (const how of ['poolBanned', 'adapter'] as const) {
      const { run } = splitRouteFixture([testV2Pool(0, 0, 1, 10n ** 22n, 10n ** 22n), testV2Pool(1, 0, 1, 10n ** 22n, 2n * 10n ** 22n, how === 'adapter' ? 'test-other' : 'uniswap-v2')])
      const mask: SearchMask =
        how === 'poolBanned'
          ? { adapterEnabled: allSplitRouteAdaptersEnabled.adapterEnabled, poolBanned: new Uint8Array([0, 1]) }
          : { adapterEnabled: new Uint8Array(splitRouteAdapters.length).fill(1).map((x, i) => (i === splitRouteAdapters.length - 1 ? 0 : x)) }
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
    const pools = [testV2Pool(0, 5, 1, deep, 3n * deep), testV2Pool(1, 0, 1, deep, deep), testV2Pool(2, 6, 1, deep, 3n * deep), testV2Pool(3, 0, 7, deep, 2n * deep), testV2Pool(4, 0, 8, deep, 2n * deep), testV2Pool(5, 8, 1, deep, deep)]
    const { run } = splitRouteFixture(pools)
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
    const pools = [testV2Pool(0, 0, 2, deep, deep), testV2Pool(1, 0, 2, deep, deep / 2n), testV2Pool(2, 2, 1, 10n ** 13n, 10n ** 13n), testV2Pool(3, 2, 1, 10n ** 13n, 10n ** 13n)]
    const result = splitRouteFixture(pools).run({ amountIn: 10n ** 9n, maxSplits: 2 })
    expect(result.waterFill).toBeDefined()
    expect(result.method).not.toBe('single')
    expect(result.best.amountOut).toBeGreaterThan(result.single.amountOut)
  })

  test('the no-impact threshold is 1e-9 of the output', () => {
    // Relative impact of 1e12 into the deeper pool, of R, is about 1e12 / R: 2e-9 (split search) and 5e-10 (none).
    expect(twoPools(25n * 10n ** 19n).run({ amountIn: 10n ** 12n, maxSplits: 2 }).waterFill).toBeDefined()
    expect(twoPools(10n ** 21n).run({ amountIn: 10n ** 12n, maxSplits: 2 }).waterFill).toBeUndefined()
  })
})
