import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import type { BenchAerodromePool, BenchGraph } from './types.js'

/** Aerodrome pool states the generator draws; the hostile ones only with `hostile`. */
export const AERODROME_STATES = ['balanced', 'skewed'] as const
export const HOSTILE_AERODROME_STATES = ['near-empty', 'dust'] as const

/** Parameters of {@link generateAerodromePools}. */
export type GenerateAerodromePoolsParameters = {
  seed: number
  tokens: BenchGraph['tokens']
  pricesUsd: readonly number[]
  /** Stablecoin-like token indices: the stable pools' pairs. */
  stables: readonly number[]
  /** Token indices the volatile pools draw their pairs from, most liquid first (hubs, then the rest). */
  volatileTokens: readonly number[]
  count: number
  /** Address prefix of the pools (two hex digits). */
  poolPrefix: string
  /** Draw the hostile states too: one side of 1–1,000 raw units, and $0.01–$1 of liquidity. */
  hostile?: boolean
}

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`

/**
 * Deterministic Aerodrome classic pools (issue 21): half stable (`x³y + y³x` on 18-decimal-normalised
 * balances, fee 1–5 bps) between two stablecoin-like tokens, half volatile (`x·y`, fee 30 bps) between one of the
 * first eight `volatileTokens` (the hubs) and any of them; liquidity Pareto from $10k (≤ $500M), balanced at the tokens' prices (±0.25 %) or
 * skewed (one side at 50–100 % of the other's value); with `hostile`, equal shares of a side drained to
 * 1–1,000 raw units and of dust pools ($0.01–$1). Its own random stream, so the V2 and Curve pools keep
 * their draws.
 */
export function generateAerodromePools({ seed, tokens, pricesUsd, stables, volatileTokens, count, poolPrefix, hostile = false }: GenerateAerodromePoolsParameters): BenchAerodromePool[] {
  const random = createRandom(seed ^ 0xae50d)
  const states: readonly string[] = hostile ? [...AERODROME_STATES, ...HOSTILE_AERODROME_STATES] : AERODROME_STATES
  const hubs = volatileTokens.slice(0, Math.min(8, volatileTokens.length))
  const seen = new Set<string>()
  const pools: BenchAerodromePool[] = []
  let attempts = 0
  while (pools.length < count && attempts++ < count * 50) {
    const stable = stables.length >= 2 && pools.length % 2 === 0
    const a = stable ? stables[Math.floor(random() * Math.min(stables.length, 12))]! : hubs[Math.floor(random() * hubs.length)]!
    const b = stable ? stables[Math.floor(random() * stables.length)]! : volatileTokens[Math.floor(random() * volatileTokens.length)]!
    if (a === b) continue
    const [t0, t1] = a < b ? [a, b] : [b, a]
    const key = `${stable}:${t0}:${t1}`
    if (seen.has(key)) continue
    seen.add(key)
    const state = states[pools.length % states.length]!
    const liquidityUsd = state === 'dust' ? 10 ** (-2 + random() * 2) : Math.min(5e8, 1e4 * Math.pow(1 - random(), -1 / 1.1))
    const weights = [1 + (random() - 0.5) * 0.005, 1 + (random() - 0.5) * 0.005]
    const odd = random() < 0.5 ? 0 : 1
    if (state === 'skewed') weights[odd] = 0.5 + random() * 0.5
    const side = (t: number, k: number): bigint => {
      const decimals = tokens[t]!.decimals
      if (state === 'near-empty' && k === odd) return BigInt(1 + Math.floor(random() * 1000))
      const units = ((liquidityUsd * weights[k]!) / 2 / pricesUsd[t]!) * 10 ** Math.min(decimals, 6)
      return BigInt(Math.max(1, Math.floor(units))) * 10n ** BigInt(Math.max(0, decimals - 6))
    }
    pools.push({
      address: hex(poolPrefix, pools.length),
      token0: tokens[t0]!.address,
      token1: tokens[t1]!.address,
      reserve0: side(t0, 0).toString(),
      reserve1: side(t1, 1).toString(),
      stable,
      fee: stable ? 1 + Math.floor(random() * 5) : 30,
      state,
    })
  }
  return pools
}
