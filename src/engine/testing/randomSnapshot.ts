import type { Address } from 'viem'
import type { BalancerV2WeightedPoolSnapshot } from '../../protocols/balancer-v2/types.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import type { UniswapV3PoolSnapshot } from '../../protocols/uniswap-v3/types.js'
import { getSqrtRatioAtTick } from '../../protocols/uniswap-v3/tickMath.js'
import type { EngineSnapshot } from '../types.js'

/** Deterministic 32-bit PRNG (mulberry32); returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Lowercase address from a number (test fixtures). */
export function testAddress(prefix: number, i: number): Address {
  return `0x${prefix.toString(16).padStart(2, '0')}${i.toString(16).padStart(38, '0')}` as Address
}

/** Parameters of {@link randomSnapshot}. */
export type RandomSnapshotParameters = {
  seed: number
  tokens: number
  v2Pools: number
  v3Pools?: number | undefined
  balancerPools?: number | undefined
  /** Reserve spread: reserves are 10^(minExp..maxExp). */
  minExp?: number | undefined
  maxExp?: number | undefined
}

/**
 * Small random snapshot for property tests: independent random reserves (so plenty of arbitrage
 * cycles), parallel pools allowed, optional v3 and 3-token Balancer pools.
 */
export function randomSnapshot(parameters: RandomSnapshotParameters): EngineSnapshot {
  const random = createRandom(parameters.seed)
  const minExp = parameters.minExp ?? 3
  const maxExp = parameters.maxExp ?? 24
  const amount = (): bigint => BigInt(Math.floor(10 ** (minExp + random() * (maxExp - minExp))))
  const token = (): number => Math.floor(random() * parameters.tokens)
  const tokens = Array.from({ length: parameters.tokens }, (_, i) => testAddress(1, i))
  const pools: PoolSnapshotBase[] = []
  for (let i = 0; i < parameters.v2Pools; i++) {
    const a = token()
    let b = token()
    if (b === a) b = (a + 1) % parameters.tokens
    const pool: UniswapV2PoolSnapshot = {
      protocol: 'uniswap-v2',
      address: testAddress(2, i),
      blockNumber: 1n,
      tokens: [tokens[a]!, tokens[b]!],
      reserve0: amount(),
      reserve1: amount(),
      feeBps: [30, 30, 5, 100][Math.floor(random() * 4)]!,
    }
    pools.push(pool)
  }
  for (let i = 0; i < (parameters.v3Pools ?? 0); i++) {
    const a = token()
    let b = token()
    if (b === a) b = (a + 1) % parameters.tokens
    const spacing = 60
    const tick = Math.floor((random() - 0.5) * 2000) * spacing
    const liquidity = amount() * 1000n
    const pool: UniswapV3PoolSnapshot = {
      protocol: 'uniswap-v3',
      address: testAddress(3, i),
      blockNumber: 1n,
      tokens: [tokens[a]!, tokens[b]!],
      sqrtPriceX96: getSqrtRatioAtTick(tick) + 12345n,
      tick,
      liquidity,
      fee: 3000,
      tickSpacing: spacing,
      ticks: [
        { index: tick - 60 * spacing, liquidityNet: liquidity / 2n },
        { index: tick - 6 * spacing, liquidityNet: liquidity / 2n },
        { index: tick + 6 * spacing, liquidityNet: -liquidity / 2n },
        { index: tick + 60 * spacing, liquidityNet: -liquidity / 2n },
      ],
      tickWindow: { lower: tick - 256 * spacing * 2, upper: tick + 256 * spacing * 2 },
    }
    pools.push(pool)
  }
  for (let i = 0; i < (parameters.balancerPools ?? 0); i++) {
    const picked = new Set<number>()
    while (picked.size < 3) picked.add(token())
    const ids = [...picked]
    const pool: BalancerV2WeightedPoolSnapshot = {
      protocol: 'balancer-v2',
      address: testAddress(4, i),
      blockNumber: 1n,
      tokens: ids.map((t) => tokens[t]!),
      poolId: `0x${testAddress(4, i).slice(2)}000100000000000000000001`,
      balances: ids.map(() => amount()),
      weights: [5n * 10n ** 17n, 3n * 10n ** 17n, 2n * 10n ** 17n],
      decimals: [18, 18, 18],
      swapFee: 3n * 10n ** 15n,
    }
    pools.push(pool)
  }
  return { version: `test:${parameters.seed}`, chainId: 1, blockNumber: 1n, pools }
}
