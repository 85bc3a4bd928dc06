import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import { CurveMathRevert } from '../src/protocols/curve/stableSwapMath.js'
import { isqrt, newtonD } from '../src/protocols/curve/twocryptoMath.js'
import type { BenchGraph, BenchTwocryptoPool } from './types.js'

/** twocrypto-ng pool states the generator draws; the hostile ones only with `hostile`. */
export const TWOCRYPTO_STATES = ['balanced', 'skewed'] as const
export const HOSTILE_TWOCRYPTO_STATES = ['far', 'min-a', 'dust'] as const

/** The generated pools' block timestamp (their oracle and last trade are as of it). */
export const TWOCRYPTO_TIMESTAMP = 1_700_000_000n

/** Parameters of {@link generateTwocryptoPools}. */
export type GenerateTwocryptoPoolsParameters = {
  seed: number
  tokens: BenchGraph['tokens']
  pricesUsd: readonly number[]
  /** Coin 0 candidates (the hubs, $1 tokens), most liquid first. */
  quoteTokens: readonly number[]
  /** Coin 1 candidates. */
  volatileTokens: readonly number[]
  count: number
  /** Address prefix (two hex digits) of the pools (their own LP tokens). */
  poolPrefix: string
  hostile?: boolean
}

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`
const E18 = 10n ** 18n
/** twocrypto-ng's smallest A (`MIN_A` = N^N * A_MULTIPLIER / 10). */
const MIN_A = 4_000n

/**
 * Deterministic Curve twocrypto-ng pools (issue 21): coin 0 one of `quoteTokens`, coin 1 a volatile token whose
 * price in coin 0 is within 1e-5–1e5 (price_scale at the tokens' prices), A log-uniform in 2e5–4e6, gamma in
 * 1e13–2e16, fees and rebalancing parameters around the CVG/ETH pool's; liquidity Pareto from $10k (≤ $200M);
 * balanced at the price scale (±1 %) or skewed (one side at 50–100 % of the other's value); with `hostile`,
 * equal shares of a pool far from its price scale (one side's value 1/30–1/3,000 of the other's, so the spot price
 * is far from price_scale and a trade back toward it pays a falling fee), A at its minimum, and the smallest D the
 * pool accepts ($0.1–$10 of coin 0, at least 1e17 in its 18-decimal units). `D` is the invariant of the
 * balances at the price scale (as `newton_D` computes it), the LP supply its `xcp` (virtual price 1), the oracle
 * at the price scale. Its own random stream, so other pools keep their draws.
 */
export function generateTwocryptoPools({ seed, tokens, pricesUsd, quoteTokens, volatileTokens, count, poolPrefix, hostile = false }: GenerateTwocryptoPoolsParameters): BenchTwocryptoPool[] {
  const random = createRandom(seed ^ 0x2c7e9f0)
  const states: readonly string[] = hostile ? [...TWOCRYPTO_STATES, ...HOSTILE_TWOCRYPTO_STATES] : TWOCRYPTO_STATES
  const pools: BenchTwocryptoPool[] = []
  const seen = new Set<string>()
  let attempts = 0
  while (pools.length < count && attempts++ < count * 50) {
    const c0 = quoteTokens[Math.floor(random() * Math.min(quoteTokens.length, 8))]!
    const c1 = volatileTokens[Math.floor(random() * volatileTokens.length)]!
    const ratio = pricesUsd[c1]! / pricesUsd[c0]!
    if (c0 === c1 || !(ratio >= 1e-5 && ratio <= 1e5) || seen.has(`${c0}:${c1}`)) continue
    const state = states[pools.length % states.length]!
    const priceScale = BigInt(Math.round(ratio * 1e12)) * 10n ** 6n
    const decimals = [tokens[c0]!.decimals, tokens[c1]!.decimals]
    const precisions = decimals.map((d) => 10n ** BigInt(18 - d))
    const liquidityUsd = state === 'dust' ? pricesUsd[c0]! * (0.2 + random() * 20) : Math.min(2e8, 1e4 * Math.pow(1 - random(), -1 / 1.1))
    const weights = [1 + (random() - 0.5) * 0.02, 1 + (random() - 0.5) * 0.02]
    const odd = random() < 0.5 ? 0 : 1
    if (state === 'skewed') weights[odd] = 0.5 + random() * 0.5
    if (state === 'far') weights[odd] = 10 ** -(1.5 + random() * 2)
    const balances = [c0, c1].map((t, k) => {
      const units = ((liquidityUsd * weights[k]!) / 2 / pricesUsd[t]!) * 10 ** Math.min(decimals[k]!, 6)
      return BigInt(Math.max(1, Math.floor(units))) * 10n ** BigInt(Math.max(0, decimals[k]! - 6))
    })
    const A = state === 'min-a' ? MIN_A : BigInt(Math.round(10 ** (Math.log10(2e5) + random() * Math.log10(20))))
    const gamma = BigInt(Math.round(10 ** (13 + random() * Math.log10(2e3))))
    const xp = [balances[0]! * precisions[0]!, (balances[1]! * priceScale * precisions[1]!) / E18]
    let D: bigint
    try {
      D = newtonD(A, gamma, xp, 0n)
    } catch (error) {
      if (error instanceof CurveMathRevert) continue
      throw error
    }
    if (D < 10n ** 17n) continue
    seen.add(`${c0}:${c1}`)
    const totalSupply = isqrt((D / 2n) * ((D * E18) / (2n * priceScale)))
    const midFee = BigInt(5_000_000 + Math.floor(random() * 25_000_000))
    const state18 = {
      balances: balances.map(String),
      precisions: precisions.map(String),
      A: A.toString(),
      gamma: gamma.toString(),
      D: D.toString(),
      priceScale: priceScale.toString(),
      priceOracle: priceScale.toString(),
      oracleTimestamp: TWOCRYPTO_TIMESTAMP.toString(),
      lastPrices: priceScale.toString(),
      lastTimestamp: TWOCRYPTO_TIMESTAMP.toString(),
      futureAGammaTime: '0',
      midFee: midFee.toString(),
      outFee: (midFee + BigInt(Math.floor(random() * 80_000_000))).toString(),
      feeGamma: BigInt(Math.round(10 ** (14 + random() * 2.3))).toString(),
      allowedExtraProfit: '2000000000000',
      adjustmentStep: '146000000000000',
      maTime: '866',
      xcpProfit: E18.toString(),
      virtualPrice: E18.toString(),
      totalSupply: totalSupply.toString(),
      adminLpVirtualBalance: '0',
      timestamp: TWOCRYPTO_TIMESTAMP.toString(),
    }
    pools.push({ address: hex(poolPrefix, pools.length), coins: [tokens[c0]!.address, tokens[c1]!.address], state: state18, kind: state })
  }
  return pools
}
