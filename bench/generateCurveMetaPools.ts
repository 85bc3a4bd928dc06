import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import { CurveMathRevert, PRECISION, div, getD, xpOf } from '../src/protocols/curve/stableSwapMath.js'
import type { BenchCurveMetaPool, BenchCurvePool, BenchExtraToken, BenchGraph } from './types.js'

/** Metapool states the generator draws; the hostile ones only with `hostile`. */
export const META_STATES = ['balanced', 'imbalanced'] as const
export const HOSTILE_META_STATES = ['near-empty', 'extreme', 'a1', 'dust'] as const

/** The block timestamp of the generated metapools (their rate cache is fresh or stale against it). */
export const META_TIMESTAMP = 1_700_000_000n

/** Parameters of {@link generateCurveMetaPools}. */
export type GenerateCurveMetaPoolsParameters = {
  seed: number
  tokens: BenchGraph['tokens']
  pricesUsd: readonly number[]
  /** Stablecoin-like token indices: the meta coins. */
  stables: readonly number[]
  /** The graph's Curve pools: 3-coin ones are the base pools. */
  curvePools: readonly BenchCurvePool[]
  count: number
  /** Address prefixes (two hex digits) of the pools, their LP tokens and their zaps. */
  poolPrefix: string
  lpPrefix: string
  zapPrefix: string
  hostile?: boolean
}

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`

/** The base pool's `get_virtual_price()` (3pool generation), or undefined where the pool cannot give one. */
function virtualPriceOf(base: BenchCurvePool, decimals: readonly number[]): bigint | undefined {
  try {
    const rates = decimals.map((d) => 10n ** BigInt(36 - d))
    return div(getD(xpOf(base.balances.map(BigInt), rates), BigInt(base.A)) * PRECISION, BigInt(base.totalSupply))
  } catch (error) {
    if (error instanceof CurveMathRevert) return undefined
    throw error
  }
}

/**
 * Deterministic Curve metapools (issue 21) over the graph's 3-coin Curve pools, as the 2020 template and its
 * Deposit zap run them: a stablecoin-like meta coin (not a base coin) against the base pool's LP token, A
 * log-uniform in 50–2000 (stored times 100), fee 4 bps, liquidity Pareto from $10k (≤ $300M, the LP side at most
 * half the base pool's supply), balanced or imbalanced (one side at 1–100 % of the other); the base virtual
 * price cache is fresh (the base pool's, less up to 1 bp) in half the pools and stale (re-read from the base
 * pool at the block) in the other half. With `hostile`, equal shares of a meta coin of 1–1,000 raw units, 1e6:1,
 * A = 1 and $0.01–$1 of liquidity, and base pools in any state. Its own random stream, so other pools keep
 * their draws. Returns the pools and their LP tokens (priced at the pool's value per unit).
 */
export function generateCurveMetaPools({ seed, tokens, pricesUsd, stables, curvePools, count, poolPrefix, lpPrefix, zapPrefix, hostile = false }: GenerateCurveMetaPoolsParameters): { pools: BenchCurveMetaPool[]; lpTokens: BenchExtraToken[] } {
  const random = createRandom(seed ^ 0x3e7a9001)
  const states: readonly string[] = hostile ? [...META_STATES, ...HOSTILE_META_STATES] : META_STATES
  const index = new Map(tokens.map((t, i) => [t.address, i]))
  const bases = curvePools
    .filter((p) => p.coins.length === 3 && (hostile || p.state === 'balanced' || p.state === 'imbalanced'))
    .flatMap((p) => {
      const vp = virtualPriceOf(p, p.coins.map((c) => tokens[index.get(c)!]!.decimals))
      return vp === undefined || vp === 0n ? [] : [{ pool: p, vp }]
    })
  const pools: BenchCurveMetaPool[] = []
  const lpTokens: BenchExtraToken[] = []
  if (bases.length === 0) return { pools, lpTokens }
  const seen = new Set<string>()
  let attempts = 0
  while (pools.length < count && attempts++ < count * 50) {
    const { pool: base, vp } = bases[Math.floor(random() * bases.length)]!
    const coin = stables[Math.floor(random() * stables.length)]!
    const coinAddress = tokens[coin]!.address
    if (base.coins.includes(coinAddress) || seen.has(`${coin}:${base.address}`)) continue
    seen.add(`${coin}:${base.address}`)
    const state = states[pools.length % states.length]!
    const liquidityUsd = state === 'dust' ? 10 ** (-2 + random() * 2) : Math.min(3e8, 1e4 * Math.pow(1 - random(), -1 / 1.1))
    const weights = [1 + (random() - 0.5) * 0.02, 1 + (random() - 0.5) * 0.02]
    const odd = random() < 0.5 ? 0 : 1
    if (state === 'imbalanced') weights[odd] = 10 ** (-2 * random())
    if (state === 'extreme') weights[odd] = 1e-6
    const sum = weights[0]! + weights[1]!
    const decimals = tokens[coin]!.decimals
    const vpUsd = Number(vp) / 1e18
    let metaBalance = BigInt(Math.max(1, Math.floor(((liquidityUsd * weights[0]!) / sum / pricesUsd[coin]!) * 10 ** Math.min(decimals, 6)))) * 10n ** BigInt(Math.max(0, decimals - 6))
    if (state === 'near-empty' && odd === 0) metaBalance = BigInt(1 + Math.floor(random() * 1000))
    let lpBalance = BigInt(Math.max(1, Math.floor(((liquidityUsd * weights[1]!) / sum / vpUsd) * 1e6))) * 10n ** 12n
    if (state === 'near-empty' && odd === 1) lpBalance = BigInt(1 + Math.floor(random() * 1000))
    if (lpBalance > BigInt(base.totalSupply) / 2n) lpBalance = BigInt(base.totalSupply) / 2n + 1n
    const A = state === 'a1' ? 1 : Math.round(10 ** (Math.log10(50) + random() * Math.log10(40)))
    const fresh = random() < 0.5
    const cacheAge = fresh ? BigInt(Math.floor(random() * 600)) : 601n + BigInt(Math.floor(random() * 86_400))
    // A cache lags the base pool's virtual price, which only grows.
    const cached = vp - (vp * BigInt(Math.floor(random() * 10_000))) / 100_000_000n
    // LP supply ≈ D: the balances at 18 decimals, the LP side at its virtual price.
    const totalSupply = metaBalance * 10n ** BigInt(18 - decimals) + (lpBalance * vp) / 10n ** 18n
    const address = hex(poolPrefix, pools.length)
    const lpToken = hex(lpPrefix, pools.length)
    pools.push({
      address,
      coins: [coinAddress, base.lpToken],
      lpToken,
      basePool: base.address,
      balances: [metaBalance.toString(), lpBalance.toString()],
      A,
      fee: '4000000',
      adminFee: '5000000000',
      totalSupply: (totalSupply > 0n ? totalSupply : 1n).toString(),
      baseVirtualPrice: cached.toString(),
      baseCacheUpdated: (META_TIMESTAMP - cacheAge).toString(),
      timestamp: META_TIMESTAMP.toString(),
      zap: hex(zapPrefix, pools.length),
      state,
    })
    lpTokens.push({ address: lpToken, decimals: 18, symbol: `MLP${pools.length - 1}`, priceUsd: 1 }, { address: base.lpToken, decimals: 18, symbol: `BLP-${base.address.slice(-4)}`, priceUsd: vpUsd })
  }
  return { pools, lpTokens: [...new Map(lpTokens.map((t) => [t.address, t])).values()] }
}
