import type { Address } from 'viem'
import { sqrtBigInt } from '../src/chain/devnet/poolMath.js'
import type { AerodromePoolSnapshot } from '../src/protocols/aerodrome/types.js'
import { vpRateOf, type CurveMetaSnapshot } from '../src/protocols/curve/metaPool.js'
import { NG_ADMIN_FEE } from '../src/protocols/curve/ngQuote.js'
import type { CurveTwocryptoSnapshot, CurveTwocryptoState } from '../src/protocols/curve/twocryptoTypes.js'
import type { CurveStableSwapSnapshot } from '../src/protocols/curve/types.js'
import type { PendleMarketState } from '../src/protocols/pendle/marketMath.js'
import type { PendleMarketSnapshot } from '../src/protocols/pendle/types.js'
import type { UniswapV2PoolSnapshot } from '../src/protocols/uniswap-v2/types.js'
import type { EngineSnapshot } from '../src/engine/types.js'
import type { BenchGraph } from './types.js'

const lower = (a: string) => a.toLowerCase() as Address
const rampOf = (A: bigint) => ({ initialA: A, futureA: A, initialATime: 0n, futureATime: 0n })

/**
 * Converts a bench graph file into an engine snapshot of its pools: Uniswap V2, Curve StableSwap, Aerodrome,
 * Curve metapools (over their base pools' state), stableswap-ng and twocrypto-ng pools, and Pendle markets, as
 * their loaders would read them.
 */
export function toEngineSnapshot(graph: BenchGraph, version = 'bench'): EngineSnapshot {
  const pools: (UniswapV2PoolSnapshot | CurveStableSwapSnapshot | CurveTwocryptoSnapshot | AerodromePoolSnapshot | PendleMarketSnapshot)[] = graph.pools.map((p) => ({
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
  const curveByAddress = new Map((graph.curvePools ?? []).map((c) => [c.address, c]))
  for (const m of graph.curveMetaPools ?? []) {
    const base = curveByAddress.get(m.basePool)
    if (base === undefined) throw new Error(`metapool ${m.address}: base pool ${m.basePool} is not in the graph`)
    const baseCoins = base.coins.map(lower)
    const meta = {
      base: {
        address: lower(base.address), balances: base.balances.map(BigInt), rates: baseCoins.map((t) => 10n ** BigInt(36 - (decimals.get(t) ?? 18))),
        ramp: rampOf(BigInt(base.A)), fee: BigInt(base.fee), adminFee: BigInt(base.adminFee), totalSupply: BigInt(base.totalSupply),
      },
      baseVirtualPrice: BigInt(m.baseVirtualPrice), baseCacheUpdated: BigInt(m.baseCacheUpdated), zap: lower(m.zap),
    }
    const coin = lower(m.coins[0])
    const snapshot: CurveMetaSnapshot = {
      protocol: 'curve', address: lower(m.address), blockNumber: 0n,
      // The metapool's coins, its LP token, then the base pool's coins (underlying indices 1..3).
      tokens: [coin, lower(m.coins[1]), lower(m.lpToken), ...baseCoins],
      balances: m.balances.map(BigInt), rates: [10n ** BigInt(36 - (decimals.get(coin) ?? 18)), 0n],
      ramp: rampOf(BigInt(m.A) * 100n), timestamp: BigInt(m.timestamp), fee: BigInt(m.fee), adminFee: BigInt(m.adminFee), totalSupply: BigInt(m.totalSupply),
      variant: 'meta', meta,
    }
    // Coin 1 at the rate it trades at, as the loader sets it.
    pools.push({ ...snapshot, rates: [snapshot.rates[0]!, vpRateOf(snapshot)] })
  }
  for (const n of graph.curveNgPools ?? []) {
    pools.push({
      protocol: 'curve', address: lower(n.address), blockNumber: 0n,
      // The pool is its own LP token.
      tokens: [...n.coins.map(lower), lower(n.address)],
      balances: n.balances.map(BigInt), rates: n.rates.map(BigInt), ramp: rampOf(BigInt(n.A) * 100n), timestamp: 0n,
      fee: BigInt(n.fee), adminFee: NG_ADMIN_FEE, totalSupply: BigInt(n.totalSupply), variant: 'ng', offpegFeeMultiplier: BigInt(n.offpegFeeMultiplier),
    })
  }
  for (const t of graph.twocryptoPools ?? []) {
    const s = Object.fromEntries(Object.entries(t.state).map(([k, v]) => [k, Array.isArray(v) ? v.map(BigInt) : BigInt(v)])) as unknown as CurveTwocryptoState
    pools.push({ ...s, protocol: 'curve', kind: 'twocrypto', address: lower(t.address), blockNumber: 0n, tokens: [...t.coins.map(lower), lower(t.address)] })
  }
  for (const p of graph.pendleMarkets ?? []) {
    pools.push({
      protocol: 'pendle', address: lower(p.address), blockNumber: 0n,
      tokens: [lower(p.asset), lower(p.sy), lower(p.pt), lower(p.address)],
      timestamp: BigInt(p.timestamp),
      market: Object.fromEntries(Object.entries(p.market).map(([k, v]) => [k, BigInt(v)])) as PendleMarketState,
      pyIndexStored: BigInt(p.pyIndexStored), sy: lower(p.sy), pt: lower(p.pt), vault: lower(p.vault),
      vaultTotalAssets: BigInt(p.vaultTotalAssets), vaultTotalSupply: BigInt(p.vaultTotalSupply), vaultDecimalsOffset: 0,
    })
  }
  return { version, chainId: 1, blockNumber: 0n, pools }
}
