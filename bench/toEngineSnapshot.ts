import type { Address } from 'viem'
import { sqrtBigInt } from '../src/chain/devnet/poolMath.js'
import type { AerodromePoolSnapshot } from '../src/protocols/aerodrome/types.js'
import type { CurveStableSwapSnapshot } from '../src/protocols/curve/types.js'
import type { UniswapV2PoolSnapshot } from '../src/protocols/uniswap-v2/types.js'
import type { EngineSnapshot } from '../src/engine/types.js'
import type { BenchGraph } from './types.js'

/** Converts a bench graph file into an engine snapshot of its Uniswap V2 pools, Curve StableSwap pools and Aerodrome pools. */
export function toEngineSnapshot(graph: BenchGraph, version = 'bench'): EngineSnapshot {
  const pools: (UniswapV2PoolSnapshot | CurveStableSwapSnapshot | AerodromePoolSnapshot)[] = graph.pools.map((p) => ({
    protocol: 'uniswap-v2',
    address: p.address.toLowerCase() as Address,
    blockNumber: 0n,
    tokens: [p.token0.toLowerCase(), p.token1.toLowerCase()],
    reserve0: BigInt(p.reserve0),
    reserve1: BigInt(p.reserve1),
    feeBps: p.feeBps,
  }))
  const decimals = new Map(graph.tokens.map((t) => [t.address.toLowerCase(), t.decimals]))
  for (const c of graph.curvePools ?? []) {
    const coins = c.coins.map((t) => t.toLowerCase())
    const A = BigInt(c.A)
    pools.push({
      protocol: 'curve',
      address: c.address.toLowerCase() as Address,
      blockNumber: 0n,
      tokens: [...coins, c.lpToken.toLowerCase()],
      balances: c.balances.map(BigInt),
      // The pool's RATES: PRECISION_MUL * 1e18 = 10^(36 - decimals).
      rates: coins.map((t) => 10n ** BigInt(36 - (decimals.get(t) ?? 18))),
      ramp: { initialA: A, futureA: A, initialATime: 0n, futureATime: 0n },
      timestamp: 0n,
      fee: BigInt(c.fee),
      adminFee: BigInt(c.adminFee),
      totalSupply: BigInt(c.totalSupply),
    })
  }
  for (const a of graph.aerodromePools ?? []) {
    const [t0, t1] = [a.token0.toLowerCase(), a.token1.toLowerCase()]
    pools.push({
      protocol: 'aerodrome',
      address: a.address.toLowerCase() as Address,
      blockNumber: 0n,
      // The pool is its own LP token; its supply as the first mint leaves it (sqrt(r0 * r1), 1,000 of it locked).
      tokens: [t0, t1, a.address.toLowerCase()],
      totalSupply: sqrtBigInt(BigInt(a.reserve0) * BigInt(a.reserve1)),
      stable: a.stable,
      reserve0: BigInt(a.reserve0),
      reserve1: BigInt(a.reserve1),
      decimals0: 10n ** BigInt(decimals.get(t0) ?? 18),
      decimals1: 10n ** BigInt(decimals.get(t1) ?? 18),
      fee: BigInt(a.fee),
    })
  }
  return { version, chainId: 1, blockNumber: 0n, pools }
}
