import { expect, test } from 'vitest'
import { testAddress } from '../../src/engine/testing/randomSnapshot.js'
import { testV2Pool } from '../../src/engine/testing/testV2Pool.js'
import type { EngineSnapshot } from '../../src/engine/types.js'
import { uniswapV2Adapter } from '../../src/protocols/uniswap-v2/index.js'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import { restrictedOptimum } from './restrictedOptimum.js'
import { solveOptimalRoute } from './solveOptimalRoute.js'

// Five parallel pools of one pair, of different depths: the gas-free optimum spreads a large trade over all of
// them; restricted to k pools it spreads over the k that carried the most, less their gas.
const E18 = 10n ** 18n
const depths = [1_000n, 5_000n, 2_000n, 20_000n, 300n]
const snapshot: EngineSnapshot = { version: 'parallel', chainId: 1, blockNumber: 1n, pools: depths.map((d, i) => testV2Pool(i, 0, 1, d * E18, d * E18)) }
const [tokenIn, tokenOut] = [testAddress(1, 0), testAddress(1, 1)]
const amountIn = 3_000n * E18
const full = solveOptimalRoute(buildOptimalProblem(snapshot), { tokenIn, tokenOut, amountIn })
const base = { tokenIn, tokenOut, amountIn, trades: full.trades, usdOf: (t: { amountIn: bigint }) => Number(t.amountIn), gasOf: () => 60_000n, tolerance: 1e-7, budgetMs: 10_000 }

test('top 1: the deepest pool alone, re-optimized (all the input through it), less its gas', () => {
  expect(new Set(full.trades.map((t) => t.pool)).size).toBe(5)
  const gasPriceWad = 10n ** 30n // one gas unit is worth 10^12 raw units of tokenOut
  const r = restrictedOptimum(snapshot, { ...base, k: 1, gasPriceWad })
  const deepest = snapshot.pools[3]!
  const alone = uniswapV2Adapter.quote(deepest as never, { edge: uniswapV2Adapter.getEdges(deepest as never).find((e) => e.tokenInIndex === 0)!, amountIn })
  expect(r).toEqual({ k: 1, pools: 1, achievable: alone, gas: 60_000n * 10n ** 12n, net: alone - 60_000n * 10n ** 12n })
})

test('more pools get closer to the whole optimum and pay for each one they use', () => {
  const gasPriceWad = 10n ** 18n // one raw unit per gas unit
  const two = restrictedOptimum(snapshot, { ...base, k: 2, gasPriceWad })
  const five = restrictedOptimum(snapshot, { ...base, k: 5, gasPriceWad })
  expect(two.pools).toBe(2)
  expect(two.gas).toBe(120_000n)
  expect(five.pools).toBe(5)
  expect(five.achievable).toBeGreaterThan(two.achievable)
  expect(Number(full.achievable - five.achievable)).toBeLessThanOrEqual(Number(full.upperBound) * 1e-6)
  expect(five.net).toBe(five.achievable - 300_000n)
})

test('pools that do not reach tokenOut: nothing, no gas', () => {
  const far: EngineSnapshot = { ...snapshot, pools: [...snapshot.pools, testV2Pool(9, 2, 3, E18, E18)] }
  const r = restrictedOptimum(far, { ...base, tokenIn: testAddress(1, 2), tokenOut, trades: [{ pool: far.pools[5]!.address, protocol: 'uniswap-v2', tokenIn: testAddress(1, 2), tokenOut: testAddress(1, 3), amountIn: 1n, amountOut: 1n, swaps: 1 }], k: 1, gasPriceWad: E18 })
  expect(r).toEqual({ k: 1, pools: 0, achievable: 0n, gas: 0n, net: 0n })
})

test('k pools that join tokenIn to tokenOut: the widest flow path within k, not the k heaviest pools', () => {
  // A → B carries the most value, but only A → D reaches D in one hop; in two, A → B → D is the widest.
  const [A, B, D] = [0, 1, 2]
  const pools = [testV2Pool(0, A, B, 10_000n * E18, 10_000n * E18), testV2Pool(1, B, D, 10_000n * E18, 10_000n * E18), testV2Pool(2, A, D, 1_000n * E18, 1_000n * E18)]
  const abd: EngineSnapshot = { version: 'abd', chainId: 1, blockNumber: 1n, pools }
  const trade = (pool: number, from: number, to: number, value: number) => ({ pool: pools[pool]!.address, protocol: 'uniswap-v2', tokenIn: testAddress(1, from), tokenOut: testAddress(1, to), amountIn: BigInt(value), amountOut: BigInt(value), swaps: 1 })
  const trades = [trade(0, A, B, 100), trade(1, B, D, 90), trade(2, A, D, 20)]
  const p = { ...base, tokenIn: testAddress(1, A), tokenOut: testAddress(1, D), amountIn: 10n * E18, trades, gasPriceWad: 0n }
  const one = restrictedOptimum(abd, { ...p, k: 1 })
  expect(one.pools).toBe(1)
  expect(one.achievable).toBe(uniswapV2Adapter.quote(pools[2] as never, { edge: uniswapV2Adapter.getEdges(pools[2] as never).find((e) => e.tokenInIndex === 0)!, amountIn: 10n * E18 }))
  const two = restrictedOptimum(abd, { ...p, k: 2 })
  expect(two.pools).toBe(2)
  expect(two.achievable).toBeGreaterThan(one.achievable)
})
