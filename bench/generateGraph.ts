import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import { generateAerodromePools } from './generateAerodromePools.js'
import { chooseStableTokens, generateCurvePools } from './generateCurvePools.js'
import { addIssue21Families } from './addIssue21Families.js'
import type { BenchExtraToken, BenchGraph, BenchQuery } from './types.js'

/** Preset sizes of the synthetic graphs. */
export const GRAPH_SIZES = {
  small: { tokens: 200, pools: 1_000, hubs: 8 },
  medium: { tokens: 2_000, pools: 10_000, hubs: 16 },
  large: { tokens: 10_000, pools: 50_000, hubs: 32 },
  /** Mainnet scale (issue 20): the largest hub ends up with ~40,000 pools, as WETH does on mainnet. */
  xlarge: { tokens: 50_000, pools: 250_000, hubs: 64 },
} as const

export type GraphSize = keyof typeof GRAPH_SIZES

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`

/**
 * Token USD prices of a generated graph (to size queries); index-aligned with `graph.tokens`. `extraTokens`:
 * the tokens its pools create outside `graph.tokens` (LP tokens, vault shares, SY, PT), with their prices.
 */
export type GeneratedGraph = { graph: BenchGraph; pricesUsd: number[]; extraTokens?: BenchExtraToken[] }

/**
 * Deterministic synthetic Uniswap-V2-style graph: hub tokens (WETH/USDC-like) take a large share of
 * pairs (Zipf-weighted endpoints), pool liquidity is Pareto-distributed (heavy tail, hub-hub pools
 * deeper), every token has a pool to a hub, one pair per token pair, 30 bps, and each pool's price
 * deviates from the token prices by up to ±0.25% so that routes genuinely differ. With `curve`, 3 % of
 * the tokens become stablecoin-like ($1, 6 or 18 decimals; with the $1 hub HUB1) and Curve StableSwap
 * pools among them, 2 % of the V2 pool count, join the graph ({@link generateCurvePools}), and so do
 * Aerodrome classic pools, 1 % of the V2 pool count, stable among the stables and volatile from a hub
 * ({@link generateAerodromePools}); the V2 pools keep their pairs and draws (a stable token's reserves
 * are sized at its $1 price). With `families` (default: with `curve`), the other pool types issue 21 added
 * join too, each from its own random stream ({@link addIssue21Families}): Curve metapools, stableswap-ng and
 * twocrypto-ng pools, and Pendle markets.
 */
export function generateGraph({ size, seed, curve = false, families = curve }: { size: GraphSize; seed: number; curve?: boolean; families?: boolean }): GeneratedGraph {
  const { tokens: n, pools: m, hubs } = GRAPH_SIZES[size]
  const random = createRandom(seed)
  const decimalsChoices = [18, 18, 18, 18, 18, 6, 8, 9]
  const tokens = Array.from({ length: n }, (_, i) => ({
    address: hex('a0', i),
    decimals: i === 1 ? 6 : i === 0 ? 18 : decimalsChoices[Math.floor(random() * decimalsChoices.length)]!,
    symbol: i < hubs ? `HUB${i}` : `TK${i}`,
  }))
  const pricesUsd = tokens.map((_, i) => (i === 1 ? 1 : i === 0 ? 3000 : 10 ** (-4 + random() * 8)))
  const stables = curve ? [1, ...chooseStableTokens({ seed, tokens, pricesUsd, from: hubs, to: n, count: Math.round(n * 0.03) })] : []
  // Zipf weights: hubs first; cumulative table for sampling.
  const cumulative: number[] = []
  let total = 0
  for (let i = 0; i < n; i++) {
    total += i < hubs ? 40 / (i + 1) : 1 / Math.pow(i - hubs + 2, 0.6)
    cumulative.push(total)
  }
  const pick = (): number => {
    const x = random() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const pairs = new Set<string>()
  const pools: BenchGraph['pools'] = []
  const addPool = (a: number, b: number): boolean => {
    if (a === b) return false
    const key = a < b ? `${a}:${b}` : `${b}:${a}`
    if (pairs.has(key)) return false
    pairs.add(key)
    const [t0, t1] = a < b ? [a, b] : [b, a]
    const hubBoost = (t0 < hubs ? 10 : 1) * (t1 < hubs ? 10 : 1)
    const liquidityUsd = Math.min(2e9, 2e3 * Math.pow(1 - random(), -1 / 1.1) * hubBoost)
    const side = (t: number): bigint => {
      const units = ((liquidityUsd / 2) / pricesUsd[t]!) * (1 + (random() - 0.5) * 0.005)
      return BigInt(Math.max(1, Math.floor(units * 10 ** Math.min(tokens[t]!.decimals, 6)))) * 10n ** BigInt(Math.max(0, tokens[t]!.decimals - 6))
    }
    pools.push({ address: hex('b0', pools.length), token0: tokens[t0]!.address, token1: tokens[t1]!.address, reserve0: side(t0).toString(), reserve1: side(t1).toString(), feeBps: 30 })
    return true
  }
  for (let i = 0; i < hubs; i++) for (let j = i + 1; j < hubs; j++) addPool(i, j)
  for (let i = hubs; i < n; i++) addPool(i, Math.floor(random() * Math.min(hubs, 4 + Math.floor(random() * hubs))))
  while (pools.length < m) addPool(pick(), pick())
  if (!curve) return { graph: { tokens, pools }, pricesUsd }
  const curvePools = generateCurvePools({ seed, tokens, pricesUsd, stables, count: Math.round(m * 0.02), poolPrefix: 'b1', lpPrefix: 'a1' })
  const volatileTokens = tokens.map((_, i) => i)
  const aerodromePools = generateAerodromePools({ seed, tokens, pricesUsd, stables, volatileTokens, count: Math.round(m * 0.01), poolPrefix: 'b2' })
  const graph: BenchGraph = { tokens, pools, curvePools, aerodromePools }
  if (!families) return { graph, pricesUsd }
  const quoteTokens = [0, 1, ...stables.slice(1, 7)]
  const extraTokens = addIssue21Families({ seed, graph, pricesUsd, stables, quoteTokens, volatileTokens, v2PoolCount: m, poolPrefix: 'b', tokenPrefix: 'a' })
  return { graph, pricesUsd, extraTokens }
}

/**
 * Deterministic queries: random token pairs, amounts log-uniform in USD from $0.0001 (dust) to $50M
 * (drains most pools). With `hubShare` > 0, that share of the queries has a hub token (one of the first
 * `hubs`) as its input, its output, or both (a third each): real traffic concentrates on WETH and USDC,
 * and a hub's degree is what makes a query expensive (issue 20, the engine at scale). The default (0)
 * keeps the bench's uniform query set.
 */
export function generateQueries({ graph, pricesUsd, count, seed, hubShare = 0, hubs = 8 }: GeneratedGraph & { count: number; seed: number; hubShare?: number; hubs?: number }): BenchQuery[] {
  const random = createRandom(seed)
  const hubRandom = createRandom(seed ^ 0x68756273)
  const n = graph.tokens.length
  const queries: BenchQuery[] = []
  while (queries.length < count) {
    let a = Math.floor(random() * n)
    let b = Math.floor(random() * n)
    if (hubShare > 0 && hubRandom() < hubShare) {
      const side = Math.floor(hubRandom() * 3)
      if (side !== 1) a = Math.floor(hubRandom() * hubs)
      if (side !== 0) b = Math.floor(hubRandom() * hubs)
    }
    if (a === b) continue
    const usd = 10 ** (-4 + random() * 11.7)
    const token = graph.tokens[a]!
    const units = (usd / pricesUsd[a]!) * 10 ** token.decimals
    const amountIn = units < 1e15 ? BigInt(Math.max(1, Math.floor(units))) : BigInt(Math.floor(units / 1e6)) * 10n ** 6n
    queries.push({ tokenIn: token.address, tokenOut: graph.tokens[b]!.address, amountIn: amountIn.toString() })
  }
  return queries
}
