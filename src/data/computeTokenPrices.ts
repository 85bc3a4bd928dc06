import type { ChainAddressBook } from '../chain/addressBook.js'
import type { EngineSnapshot } from '../engine/types.js'
import { curveFloatModel } from '../protocols/curve/floatModel.js'
import { isCurveTwocrypto } from '../protocols/curve/twocryptoAdapter.js'
import type { CurveTwocryptoSnapshot } from '../protocols/curve/twocryptoTypes.js'
import type { CurveStableSwapSnapshot } from '../protocols/curve/types.js'
import type { PoolSnapshotBase } from '../protocols/types.js'

/** A token's USD price read from pools, and how far to trust it. */
export type TokenPrice = { price: number; confidence: number; liquidityUsd: number; sources: number }

type Quote = { price: number; weight: number }

const Q96 = 2 ** 96

/**
 * Curve StableSwap spot prices from the pool's float model: coin `i` in coin `j` from a trade of a
 * millionth of `i`'s balance (fee added back); the LP token in coin `j` from redeeming a millionth of
 * the supply (its imbalance fee added back). Coins are never priced from the LP token.
 */
function curveSpot(pool: CurveStableSwapSnapshot, i: number, j: number, di: number, dj: number): number | undefined {
  const n = pool.balances.length
  // A metapool lists its base pool's coins after its LP token: those are priced by the base pool.
  if (j === n || i > n || j > n) return undefined
  const edge = { tokenInIndex: i, tokenOutIndex: j, action: i === n ? ('redeem' as const) : ('swap' as const) }
  const model = curveFloatModel(pool, edge)
  if (model.kind !== 'custom') return undefined
  const amount = Number(i === n ? pool.totalSupply : pool.balances[i]!) * 1e-6
  if (!(amount > 0)) return undefined
  const fee = Number(pool.fee) / 1e10
  const feeBack = i === n ? 1 - (fee * n) / (4 * (n - 1)) : 1 - fee
  return (model.quote(amount) / amount / feeBack) * 10 ** (di - dj)
}

/**
 * Curve twocrypto-ng spot prices from the pool's EMA oracle (coin 1 in coin 0, whole tokens: the pool
 * normalises both coins to 18 decimals) and its LP token in coin 0 as the pool's `lp_price()` does
 * (`2 * virtual_price * sqrt(price_oracle)`). Coins are never priced from the LP token.
 */
function twocryptoSpot(pool: CurveTwocryptoSnapshot, i: number, j: number): number | undefined {
  const oracle = Number(pool.priceOracle) / 1e18
  if (!(oracle > 0)) return undefined
  if (i === 2) return j === 0 ? (2 * Number(pool.virtualPrice) * Math.sqrt(oracle)) / 1e18 : undefined
  if (j === 2) return undefined
  return i === 1 ? oracle : 1 / oracle
}

/** Spot price of `tokens[i]` in units of `tokens[j]` (whole tokens), or undefined. */
function spot(pool: PoolSnapshotBase, i: number, j: number, decimals: (t: string) => number | undefined): number | undefined {
  const di = decimals(pool.tokens[i]!)
  const dj = decimals(pool.tokens[j]!)
  if (di === undefined || dj === undefined) return undefined
  if (pool.protocol === 'uniswap-v2') {
    const p = pool as PoolSnapshotBase & { reserve0: bigint; reserve1: bigint }
    const r = [Number(p.reserve0) / 10 ** decimals(pool.tokens[0]!)!, Number(p.reserve1) / 10 ** decimals(pool.tokens[1]!)!]
    return r[i]! > 0 ? r[j]! / r[i]! : undefined
  }
  if (pool.protocol === 'uniswap-v3') {
    const p = pool as PoolSnapshotBase & { sqrtPriceX96: bigint; liquidity: bigint }
    if (p.liquidity === 0n) return undefined
    const raw1per0 = (Number(p.sqrtPriceX96) / Q96) ** 2
    const price1per0 = raw1per0 * 10 ** (decimals(pool.tokens[0]!)! - decimals(pool.tokens[1]!)!)
    return i === 0 ? price1per0 : 1 / price1per0
  }
  if (pool.protocol === 'lido') {
    // Staking [weth, stETH]: 1 stETH ≈ 1 ETH (prices stETH from ETH, never the other way round).
    // Wrapper [stETH, wstETH]: one wstETH is pooledEther / shares stETH.
    const p = pool as PoolSnapshotBase & { kind: string; totalPooledEther: bigint; totalShares: bigint }
    const perShare = Number(p.totalPooledEther) / Math.max(1, Number(p.totalShares))
    if (p.kind === 'staking') return i === 1 ? 1 : undefined
    return i === 1 ? perShare : 1 / perShare
  }
  if (pool.protocol === 'erc4626') {
    // tokens = [asset, share]; raw assets per raw share = (assets + 1) / (supply + 10^offset).
    const p = pool as PoolSnapshotBase & { totalAssets: bigint; totalSupply: bigint; decimalsOffset: number }
    const rawRate = (Number(p.totalAssets) + 1) / (Number(p.totalSupply) + 10 ** p.decimalsOffset)
    return (i === 1 ? rawRate : 1 / rawRate) * 10 ** (di - dj)
  }
  if (pool.protocol === 'aave-v3') {
    // tokens = [asset, aToken]: one aToken is redeemable for one asset (same decimals). Prices the
    // aToken from the asset, never the other way round (the aToken's reference is the asset's).
    return i === 1 ? 1 : undefined
  }
  if (pool.protocol === 'curve') return isCurveTwocrypto(pool) ? twocryptoSpot(pool, i, j) : curveSpot(pool as CurveStableSwapSnapshot, i, j, di, dj)
  if (pool.protocol === 'aerodrome') {
    // tokens = [token0, token1, LP]; the LP token is not priced here. Volatile: the reserves' ratio;
    // stable: the curve's marginal price (3x²y + y³) / (x³ + 3xy²) on whole tokens.
    if (i > 1 || j > 1) return undefined
    const p = pool as PoolSnapshotBase & { reserve0: bigint; reserve1: bigint; stable: boolean }
    const x = Number(i === 0 ? p.reserve0 : p.reserve1) / 10 ** di
    const y = Number(j === 0 ? p.reserve0 : p.reserve1) / 10 ** dj
    if (!(x > 0) || !(y > 0)) return undefined
    return p.stable ? (3 * x * x * y + y * y * y) / (x * x * x + 3 * x * y * y) : y / x
  }
  if (pool.protocol === 'balancer-v2') {
    const p = pool as PoolSnapshotBase & { balances: readonly bigint[]; weights: readonly bigint[] }
    const bi = Number(p.balances[i]!) / 10 ** di
    const bj = Number(p.balances[j]!) / 10 ** dj
    const wi = Number(p.weights[i]!)
    const wj = Number(p.weights[j]!)
    return bi > 0 && wj > 0 ? (bj / wj) / (bi / wi) : undefined
  }
  return undefined
}

/** Value, in USD at reference prices, of the pool's holdings of `tokens[j]`. */
function sideValue(pool: PoolSnapshotBase, j: number, refUsd: number, decimals: number): number {
  if (pool.protocol === 'uniswap-v2' || (pool.protocol === 'aerodrome' && j < 2)) {
    const p = pool as PoolSnapshotBase & { reserve0: bigint; reserve1: bigint }
    return (Number(j === 0 ? p.reserve0 : p.reserve1) / 10 ** decimals) * refUsd
  }
  if (pool.protocol === 'balancer-v2' || pool.protocol === 'curve') {
    // A Curve pool's LP token (index N) is never a counterpart: `curveSpot` prices it from the coins only.
    const p = pool as PoolSnapshotBase & { balances: readonly bigint[] }
    return (Number(p.balances[j] ?? 0n) / 10 ** decimals) * refUsd
  }
  if (pool.protocol === 'lido') {
    const p = pool as PoolSnapshotBase & { totalPooledEther: bigint }
    return (Number(p.totalPooledEther) / 1e18) * refUsd
  }
  if (pool.protocol === 'erc4626') {
    const p = pool as PoolSnapshotBase & { totalAssets: bigint; totalSupply: bigint }
    return (Number(j === 0 ? p.totalAssets : p.totalSupply) / 10 ** decimals) * refUsd
  }
  if (pool.protocol === 'aave-v3') {
    // Both sides are worth the total supply: aTokens outstanding, each backed by one asset.
    const p = pool as PoolSnapshotBase & { scaledTotalSupply: bigint; liquidityIndex: bigint }
    return ((Number(p.scaledTotalSupply) * (Number(p.liquidityIndex) / 1e27)) / 10 ** decimals) * refUsd
  }
  if (pool.protocol === 'uniswap-v3') {
    // In-range depth: liquidity L at price P holds about L·√P of token1 and L/√P of token0 per unit
    // of price range; use the virtual reserve of the counterpart side.
    const p = pool as PoolSnapshotBase & { sqrtPriceX96: bigint; liquidity: bigint }
    const sqrtP = Number(p.sqrtPriceX96) / Q96
    const virtual = j === 1 ? Number(p.liquidity) * sqrtP : Number(p.liquidity) / sqrtP
    return (virtual / 10 ** decimals) * refUsd
  }
  return 0
}

/**
 * USD prices of every token in a chain's pools, read from the pools' current state. Each pool
 * pairing the token with a token that has a reference price gives one estimate (spot price × the
 * counterpart's reference), weighted by the counterpart side's depth. The price is the weighted
 * median; `confidence` = agreement × depth, where agreement falls linearly to 0 as the weighted mean
 * deviation from the median reaches 1%, and depth reaches 1 at $1M of counterpart liquidity.
 * @returns prices keyed by lowercase token address (tokens with no usable pool are absent)
 */
export function computeTokenPrices(snapshot: EngineSnapshot, book: ChainAddressBook): Map<string, TokenPrice> {
  const tokens = new Map(Object.values(book.tokens).map((t) => [t.address.toLowerCase(), t]))
  const decimals = (t: string) => tokens.get(t.toLowerCase())?.decimals
  const quotes = new Map<string, Quote[]>()
  for (const pool of snapshot.pools) {
    for (let i = 0; i < pool.tokens.length; i++) {
      for (let j = 0; j < pool.tokens.length; j++) {
        if (i === j) continue
        const counterpart = tokens.get(pool.tokens[j]!.toLowerCase())
        if (!counterpart || !(counterpart.priceUsd > 0)) continue
        const s = spot(pool, i, j, decimals)
        if (s === undefined || !Number.isFinite(s) || s <= 0) continue
        const weight = sideValue(pool, j, counterpart.priceUsd, counterpart.decimals)
        if (!(weight > 0)) continue
        const key = pool.tokens[i]!.toLowerCase()
        const list = quotes.get(key) ?? []
        list.push({ price: s * counterpart.priceUsd, weight })
        quotes.set(key, list)
      }
    }
  }
  const out = new Map<string, TokenPrice>()
  for (const [token, list] of quotes) {
    list.sort((a, b) => a.price - b.price)
    const total = list.reduce((acc, q) => acc + q.weight, 0)
    let acc = 0
    let median = list[list.length - 1]!.price
    for (const q of list) {
      acc += q.weight
      if (acc >= total / 2) {
        median = q.price
        break
      }
    }
    const deviation = list.reduce((d, q) => d + (q.weight / total) * Math.abs(q.price / median - 1), 0)
    const agreement = Math.max(0, 1 - deviation / 0.01)
    const depth = Math.min(1, total / 1_000_000)
    out.set(token, { price: median, confidence: Math.round(agreement * depth * 1000) / 1000, liquidityUsd: total, sources: list.length })
  }
  return out
}
