import type { Address } from 'viem'
import type { EngineSnapshot } from '../../../src/engine/types.js'
import { createRandom, testAddress } from '../../../src/engine/testing/randomSnapshot.js'
import type { BalancerV2WeightedPoolSnapshot } from '../../../src/protocols/balancer-v2/types.js'
import type { PoolSnapshotBase } from '../../../src/protocols/types.js'
import type { UniswapV2PoolSnapshot } from '../../../src/protocols/uniswap-v2/types.js'
import { getSqrtRatioAtTick } from '../../../src/protocols/uniswap-v3/tickMath.js'
import type { UniswapV3PoolSnapshot } from '../../../src/protocols/uniswap-v3/types.js'

/** A pool of {@link smallSnapshot}: its kind and the indices of its tokens. */
export type SmallPool = { kind: 'v2' | 'v3' | 'balancer'; tokens: readonly number[] }

/** Parameters of {@link smallSnapshot}. */
export type SmallSnapshotParameters = {
  seed: number
  tokens: number
  pools: readonly SmallPool[]
  /**
   * Largest relative deviation of each pool's price from the tokens' prices (default 0.001, inside a 30 bps
   * band: no arbitrage). Larger values make arbitrage cycles possible.
   */
  deviation?: number | undefined
}

/** Lowercase token id of token `i` in {@link smallSnapshot}. */
export const smallToken = (i: number): Address => testAddress(1, i)

/**
 * A small snapshot for the reference's tests: tokens with random prices (raw-unit values 10^-12..10^-6, as an
 * 18-decimal token worth $10^-6..$1 per whole token has), pools
 * whose prices follow them within `deviation` (so without arbitrage by default) and whose depths are random
 * (10^6–10^9 in value): V2 pairs (30 bps), V3 pools (30 bps, liquidity in three nested ranges, one wide enough
 * to cross) and 3-token Balancer pools (weights 50/30/20, 0.3 %).
 *
 * @returns the snapshot and each token's price (value of one raw unit)
 */
export function smallSnapshot({ seed, tokens, pools, deviation = 0.001 }: SmallSnapshotParameters): { snapshot: EngineSnapshot; prices: number[] } {
  const random = createRandom(seed)
  const prices = Array.from({ length: tokens }, () => 10 ** (-12 + 6 * random()))
  const depth = (): number => 10 ** (6 + 3 * random())
  const wiggle = (): number => 1 + (random() - 0.5) * deviation
  const units = (x: number): bigint => BigInt(Math.max(1, Math.floor(x)))
  const snapshots: PoolSnapshotBase[] = pools.map((pool, i) => {
    const ids = pool.tokens.map(smallToken)
    if (pool.kind === 'v2') {
      const value = depth()
      const v2: UniswapV2PoolSnapshot = {
        protocol: 'uniswap-v2',
        address: testAddress(2, i),
        blockNumber: 1n,
        tokens: ids,
        reserve0: units((value / prices[pool.tokens[0]!]!) * wiggle()),
        reserve1: units(value / prices[pool.tokens[1]!]!),
        feeBps: 30,
      }
      return v2
    }
    if (pool.kind === 'v3') {
      const spacing = 60
      const price = (prices[pool.tokens[0]!]! / prices[pool.tokens[1]!]!) * wiggle()
      const tick = Math.round(Math.log(price) / Math.log(1.0001))
      const center = Math.floor(tick / spacing) * spacing
      // Value of the in-range position ≈ 2·L·√(p0·p1) per unit of relative price move; L sized from the depth.
      const liquidity = units(depth() / Math.sqrt(prices[pool.tokens[0]!]! * prices[pool.tokens[1]!]!))
      const v3: UniswapV3PoolSnapshot = {
        protocol: 'uniswap-v3',
        address: testAddress(3, i),
        blockNumber: 1n,
        tokens: ids,
        sqrtPriceX96: getSqrtRatioAtTick(tick),
        tick,
        liquidity: liquidity * 3n,
        fee: 3000,
        tickSpacing: spacing,
        ticks: [
          { index: center - 600 * spacing, liquidityNet: liquidity },
          { index: center - 20 * spacing, liquidityNet: liquidity },
          { index: center - 2 * spacing, liquidityNet: liquidity },
          { index: center + 3 * spacing, liquidityNet: -liquidity },
          { index: center + 21 * spacing, liquidityNet: -liquidity },
          { index: center + 601 * spacing, liquidityNet: -liquidity },
        ],
        tickWindow: { lower: center - 1024 * spacing, upper: center + 1024 * spacing },
      }
      return v3
    }
    const value = depth()
    const weights = [5n * 10n ** 17n, 3n * 10n ** 17n, 2n * 10n ** 17n]
    const balancer: BalancerV2WeightedPoolSnapshot = {
      protocol: 'balancer-v2',
      address: testAddress(4, i),
      blockNumber: 1n,
      tokens: ids,
      poolId: `0x${testAddress(4, i).slice(2)}000100000000000000000001`,
      balances: pool.tokens.map((t, k) => units(((value * Number(weights[k]!)) / 1e18 / prices[t]!) * (k === 0 ? wiggle() : 1))),
      weights,
      decimals: [18, 18, 18],
      swapFee: 3n * 10n ** 15n,
    }
    return balancer
  })
  return { snapshot: { version: `small:${seed}`, chainId: 1, blockNumber: 1n, pools: snapshots }, prices }
}
