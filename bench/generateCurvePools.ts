import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import type { BenchCurvePool, BenchGraph } from './types.js'

/** Curve pool states the generator draws; the hostile ones only with `hostile`. */
export const CURVE_STATES = ['balanced', 'imbalanced'] as const
export const HOSTILE_CURVE_STATES = ['near-empty', 'extreme', 'a1', 'dust'] as const

/** Parameters of {@link chooseStableTokens}. */
export type ChooseStableTokensParameters = {
  seed: number
  tokens: BenchGraph['tokens']
  pricesUsd: number[]
  /** Candidates: token indices in [from, to). */
  from: number
  to: number
  count: number
  /** Keep each token's decimals (the hostile graph's 0–2) instead of drawing 6 or 18. */
  keepDecimals?: boolean
}

/**
 * Turns `count` tokens of [from, to) into stablecoin-like tokens (price $1 ± 0.2 %, 6 or 18 decimals),
 * in place, before the graph's V2 pools are sized, with a random stream of its own so the V2 pools'
 * draws are unchanged. Returns their indices, most "major" first.
 */
export function chooseStableTokens({ seed, tokens, pricesUsd, from, to, count, keepDecimals = false }: ChooseStableTokensParameters): number[] {
  const random = createRandom(seed ^ 0x5757ab1e)
  const chosen = new Set<number>()
  while (chosen.size < Math.min(count, to - from)) chosen.add(from + Math.floor(random() * (to - from)))
  const stables = [...chosen]
  for (const i of stables) {
    pricesUsd[i] = 1 + (random() - 0.5) * 0.004
    if (!keepDecimals) tokens[i]!.decimals = random() < 0.5 ? 6 : 18
    tokens[i]!.symbol = `USD${i}`
  }
  return stables
}

/** Parameters of {@link generateCurvePools}. */
export type GenerateCurvePoolsParameters = {
  seed: number
  tokens: BenchGraph['tokens']
  pricesUsd: readonly number[]
  /** Stablecoin-like token indices (from {@link chooseStableTokens}), plus the $1 hub. */
  stables: readonly number[]
  count: number
  /** Address prefix of pools and LP tokens (two hex digits each). */
  poolPrefix: string
  lpPrefix: string
  /** Draw the hostile states too: a near-empty coin, 1e6:1 imbalance, A = 1, dust liquidity. */
  hostile?: boolean
}

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`

/**
 * Deterministic Curve StableSwap pools over clusters of stablecoin-like tokens: 2 coins (60 %) or 3,
 * the majors (first stables) most often, A log-uniform in 50–5000, fee 1–4 bps, admin fee 50 %,
 * liquidity Pareto from $10k (≤ $1B), balanced (±1 % per coin) or imbalanced (one coin at 1–100 % of
 * the others' value); with `hostile`, equal shares of four more states: one coin with 1–1,000 raw units,
 * one coin at 1e-6 of the others, A = 1, and $0.01–$1 of liquidity.
 */
export function generateCurvePools({ seed, tokens, pricesUsd, stables, count, poolPrefix, lpPrefix, hostile = false }: GenerateCurvePoolsParameters): BenchCurvePool[] {
  const random = createRandom(seed ^ 0xc0e5e)
  const states: readonly string[] = hostile ? [...CURVE_STATES, ...HOSTILE_CURVE_STATES] : CURVE_STATES
  // Zipf over the stables: a few majors (USDC, USDT, DAI) are in most pools.
  const cumulative: number[] = []
  let total = 0
  stables.forEach((_, k) => cumulative.push((total += 1 / (k + 1))))
  const pickStable = (): number => {
    const x = random() * total
    const k = cumulative.findIndex((c) => c >= x)
    return stables[k < 0 ? stables.length - 1 : k]!
  }
  const seen = new Set<string>()
  const pools: BenchCurvePool[] = []
  let attempts = 0
  while (pools.length < count && attempts++ < count * 50) {
    const n = random() < 0.6 ? 2 : 3
    const coinSet = new Set<number>()
    while (coinSet.size < n) coinSet.add(pickStable())
    const coins = [...coinSet].sort((a, b) => a - b)
    const key = coins.join(':')
    if (seen.has(key) && random() < 0.8) continue
    seen.add(key)
    const state = states[pools.length % states.length]!
    const liquidityUsd = state === 'dust' ? 10 ** (-2 + random() * 2) : Math.min(1e9, 1e4 * Math.pow(1 - random(), -1 / 1.1))
    const weights = coins.map(() => 1 + (random() - 0.5) * 0.02)
    const odd = Math.floor(random() * n)
    if (state === 'imbalanced') weights[odd] = 10 ** (-2 * random())
    if (state === 'extreme') weights[odd] = 1e-6
    const sum = weights.reduce((a, b) => a + b, 0)
    const balances = coins.map((t, k) => {
      const decimals = tokens[t]!.decimals
      if (state === 'near-empty' && k === odd) return BigInt(1 + Math.floor(random() * 1000))
      const units = ((liquidityUsd * weights[k]!) / sum / pricesUsd[t]!) * 10 ** Math.min(decimals, 6)
      return BigInt(Math.max(1, Math.floor(units))) * 10n ** BigInt(Math.max(0, decimals - 6))
    })
    const A = state === 'a1' ? 1 : Math.round(10 ** (Math.log10(50) + random() * 2))
    // LP supply ≈ D: the balances at 18 decimals (virtual price ≈ 1).
    const totalSupply = coins.reduce((s, t, k) => s + balances[k]! * 10n ** BigInt(18 - tokens[t]!.decimals), 0n)
    pools.push({
      address: hex(poolPrefix, pools.length),
      coins: coins.map((t) => tokens[t]!.address),
      lpToken: hex(lpPrefix, pools.length),
      balances: balances.map(String),
      A,
      fee: String((1 + Math.floor(random() * 4)) * 1_000_000),
      adminFee: '5000000000',
      totalSupply: totalSupply.toString(),
      state,
    })
  }
  return pools
}
