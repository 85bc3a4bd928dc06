import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import type { BenchCurveNgPool, BenchExtraToken, BenchGraph } from './types.js'

/** stableswap-ng pool states the generator draws; the hostile ones only with `hostile`. */
export const NG_STATES = ['balanced', 'imbalanced'] as const
export const HOSTILE_NG_STATES = ['near-empty', 'extreme', 'a1', 'dust'] as const
/** What the pool's coins are: $1 coins, a $1 coin and an ERC-4626 share of it, a hub and a staked form priced by an oracle. */
export const NG_KINDS = ['plain', 'erc4626', 'oracle'] as const

/** Parameters of {@link generateCurveNgPools}. */
export type GenerateCurveNgPoolsParameters = {
  seed: number
  tokens: BenchGraph['tokens']
  pricesUsd: readonly number[]
  /** Stablecoin-like token indices (at least two). */
  stables: readonly number[]
  /** The hub a staked token of an `oracle` pool is a form of (WETH-like, token 0). */
  hub: number
  count: number
  /** Address prefixes (two hex digits) of the pools (their own LP tokens) and of the yield-bearing tokens they create. */
  poolPrefix: string
  tokenPrefix: string
  hostile?: boolean
}

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`
const E18 = 10n ** 18n

/**
 * Deterministic Curve stableswap-ng pools (issue 21) in equal shares of three kinds: `plain` (2 or 3 $1 coins,
 * rates `10^(36 - decimals)`), `erc4626` (a $1 coin and a new 18-decimal vault share of it worth 1–1.3 coins,
 * its rate times that) and `oracle` (the hub and a new staked form of it worth 1–1.2 hubs by its oracle); A
 * log-uniform in 100–2000 (stored times 100), fee 1–4 bps, `offpeg_fee_multiplier` 2–10 (fees rise off peg),
 * liquidity Pareto from $10k (≤ $500M), balanced or imbalanced (one coin at 1–100 % of the others); with
 * `hostile`, equal shares of a coin of 1–1,000 raw units, 1e6:1, A = 1 and $0.01–$1 of liquidity. Its own
 * random stream, so other pools keep their draws. Returns the pools, the yield-bearing tokens they created and
 * their LP tokens (the pools).
 */
export function generateCurveNgPools({ seed, tokens, pricesUsd, stables, hub, count, poolPrefix, tokenPrefix, hostile = false }: GenerateCurveNgPoolsParameters): { pools: BenchCurveNgPool[]; extraTokens: BenchExtraToken[] } {
  const random = createRandom(seed ^ 0x9e5ab1e)
  const states: readonly string[] = hostile ? [...NG_STATES, ...HOSTILE_NG_STATES] : NG_STATES
  const pools: BenchCurveNgPool[] = []
  const extraTokens: BenchExtraToken[] = []
  const lpTokens: BenchExtraToken[] = []
  const seen = new Set<string>()
  let attempts = 0
  while (pools.length < count && attempts++ < count * 50 && stables.length >= 2) {
    const kind = NG_KINDS[pools.length % NG_KINDS.length]!
    // Coins: graph tokens by index, or a new yield-bearing token (decimals, price, its rate in 1e18).
    type Coin = { address: string; decimals: number; priceUsd: number; rate: bigint }
    const graphCoin = (t: number): Coin => ({ address: tokens[t]!.address, decimals: tokens[t]!.decimals, priceUsd: pricesUsd[t]!, rate: E18 })
    let coins: Coin[]
    if (kind === 'plain') {
      const n = random() < 0.7 ? 2 : 3
      const set = new Set<number>()
      while (set.size < Math.min(n, stables.length)) set.add(stables[Math.floor(random() * Math.min(stables.length, 16))]!)
      coins = [...set].sort((a, b) => a - b).map(graphCoin)
    } else {
      const under = kind === 'erc4626' ? stables[Math.floor(random() * Math.min(stables.length, 16))]! : hub
      const rate = kind === 'erc4626' ? 1 + random() * 0.3 : 1 + random() * 0.2
      const rateWad = BigInt(Math.round(rate * 1e9)) * 10n ** 9n
      const base = graphCoin(under)
      const created: Coin = { address: hex(tokenPrefix, extraTokens.length), decimals: 18, priceUsd: base.priceUsd * rate, rate: rateWad }
      extraTokens.push({ address: created.address, decimals: 18, symbol: `${kind === 'erc4626' ? 'sv' : 'st'}${tokens[under]!.symbol}-${extraTokens.length}`, priceUsd: created.priceUsd })
      coins = [base, created]
    }
    const key = coins.map((c) => c.address).join(':')
    if (kind === 'plain' && seen.has(key)) continue
    seen.add(key)
    const n = coins.length
    const state = states[pools.length % states.length]!
    const liquidityUsd = state === 'dust' ? 10 ** (-2 + random() * 2) : Math.min(5e8, 1e4 * Math.pow(1 - random(), -1 / 1.1))
    const weights = coins.map(() => 1 + (random() - 0.5) * 0.02)
    const odd = Math.floor(random() * n)
    if (state === 'imbalanced') weights[odd] = 10 ** (-2 * random())
    if (state === 'extreme') weights[odd] = 1e-6
    const sum = weights.reduce((a, b) => a + b, 0)
    const balances = coins.map((c, k) => {
      if (state === 'near-empty' && k === odd) return BigInt(1 + Math.floor(random() * 1000))
      const units = ((liquidityUsd * weights[k]!) / sum / c.priceUsd) * 10 ** Math.min(c.decimals, 6)
      return BigInt(Math.max(1, Math.floor(units))) * 10n ** BigInt(Math.max(0, c.decimals - 6))
    })
    // stored_rates(): the rate multiplier 10^(36 - decimals) times the oracle's or vault's rate (1e18).
    const rates = coins.map((c) => (10n ** BigInt(36 - c.decimals) * c.rate) / E18)
    const A = state === 'a1' ? 1 : Math.round(10 ** (2 + random() * Math.log10(20)))
    // LP supply ≈ D: the balances at their rates (virtual price ≈ 1).
    const totalSupply = balances.reduce((s, b, k) => s + (b * rates[k]!) / E18, 0n)
    lpTokens.push({ address: hex(poolPrefix, pools.length), decimals: 18, symbol: `NGLP${pools.length}`, priceUsd: Math.max(1e-12, liquidityUsd / Math.max(1e-18, Number(totalSupply) / 1e18)) })
    pools.push({
      address: hex(poolPrefix, pools.length),
      coins: coins.map((c) => c.address),
      balances: balances.map(String),
      rates: rates.map(String),
      A,
      fee: String((1 + Math.floor(random() * 4)) * 1_000_000),
      offpegFeeMultiplier: String(BigInt(2 + Math.floor(random() * 9)) * 10n ** 10n),
      totalSupply: (totalSupply > 0n ? totalSupply : 1n).toString(),
      kind,
      state,
    })
  }
  return { pools, extraTokens: [...extraTokens, ...lpTokens] }
}
