import { createRandom } from '../src/engine/testing/randomSnapshot.js'
import { ln } from '../src/protocols/balancer-v2/logExpMath.js'
import { exchangeRateOf } from '../src/protocols/pendle/quote.js'
import { isqrt } from '../src/protocols/curve/twocryptoMath.js'
import type { BenchExtraToken, BenchGraph, BenchPendleMarket } from './types.js'

/** Pendle market states the generator draws; the hostile ones only with `hostile`. */
export const PENDLE_STATES = ['balanced', 'pt-heavy'] as const
export const HOSTILE_PENDLE_STATES = ['near-expiry', 'crowded', 'dust'] as const

/** The generated markets' block timestamp. */
export const PENDLE_TIMESTAMP = 1_700_000_000n

/** Parameters of {@link generatePendleMarkets}. */
export type GeneratePendleMarketsParameters = {
  seed: number
  tokens: BenchGraph['tokens']
  pricesUsd: readonly number[]
  /** The markets' assets (the SY's vault holds one), e.g. the $1 tokens and the WETH-like hub. */
  assets: readonly number[]
  count: number
  /** Address prefixes (two hex digits) of the markets (their LP tokens) and of the SY, PT and vault tokens. */
  marketPrefix: string
  tokenPrefix: string
  hostile?: boolean
}

const hex = (prefix: string, i: number): string => `0x${prefix}${i.toString(16).padStart(40 - prefix.length, '0')}`
const E18 = 10n ** 18n
const YEAR = 365 * 86_400

/**
 * Deterministic Pendle V2 markets (issue 21), each over an SY of a new ERC-4626 vault of one of `assets`
 * (rate 1–1.2 assets a share): expiry 30–730 days ahead, implied APY 2–30 % (the market's last ln implied rate),
 * scalar root 5–50, fee rate 0.05–0.5 % (ln fee rate root), 80 % of fees to the reserve, liquidity Pareto from
 * $10k (≤ $200M), seeded as Pendle's are (half the asset value as PT, half as SY, LP = sqrt(SY·PT)) or PT-heavy
 * (60–75 % of the market's value in PT); with `hostile`, equal shares of markets 60 s–2 days from expiry,
 * crowded markets (PT at 90–95 % of the market, near its 96 % cap) and $0.01–$1 of liquidity. The YT's stored
 * index is the vault's rate. Its own random stream, so other pools keep their draws. Returns the markets and
 * their SY, PT and LP tokens (priced at the vault's rate, the APY's discount, and the market's value per LP).
 */
export function generatePendleMarkets({ seed, tokens, pricesUsd, assets, count, marketPrefix, tokenPrefix, hostile = false }: GeneratePendleMarketsParameters): { markets: BenchPendleMarket[]; extraTokens: BenchExtraToken[] } {
  const random = createRandom(seed ^ 0x9e7d1e)
  const states: readonly string[] = hostile ? [...PENDLE_STATES, ...HOSTILE_PENDLE_STATES] : PENDLE_STATES
  const markets: BenchPendleMarket[] = []
  const extraTokens: BenchExtraToken[] = []
  for (let k = 0; k < count && assets.length > 0; k++) {
    const asset = assets[Math.floor(random() * Math.min(assets.length, 12))]!
    const decimals = tokens[asset]!.decimals
    const state = states[k % states.length]!
    const rate = 1 + random() * 0.2
    const expirySeconds = state === 'near-expiry' ? 60 + Math.floor(random() * 2 * 86_400) : Math.floor((30 + random() * 700) * 86_400)
    const apy = 0.02 + random() * 0.28
    const liquidityUsd = state === 'dust' ? 10 ** (-2 + random() * 2) : Math.min(2e8, 1e4 * Math.pow(1 - random(), -1 / 1.1))
    const ptShare = state === 'pt-heavy' ? 0.6 + random() * 0.15 : state === 'crowded' ? 0.9 + random() * 0.05 : 0.5
    const unit = 10 ** Math.min(decimals, 6)
    const scale = 10n ** BigInt(Math.max(0, decimals - 6))
    const assetUnits = liquidityUsd / pricesUsd[asset]!
    const totalPt = BigInt(Math.max(1, Math.floor(assetUnits * ptShare * unit))) * scale
    const totalSy = BigInt(Math.max(1, Math.floor(((assetUnits * (1 - ptShare)) / rate) * unit))) * scale
    // The vault: its supply and assets at `rate` (no decimals offset; SY, PT share the asset's decimals).
    const vaultTotalSupply = BigInt(Math.max(1, Math.floor(assetUnits * 10 * unit))) * scale + totalSy
    const vaultTotalAssets = (vaultTotalSupply * BigInt(Math.round(rate * 1e9))) / 10n ** 9n
    const vault = { vaultTotalAssets, vaultTotalSupply, vaultDecimalsOffset: 0 }
    const address = hex(marketPrefix, k)
    const sy = hex(tokenPrefix, 3 * k)
    const pt = hex(tokenPrefix, 3 * k + 1)
    const years = expirySeconds / YEAR
    const totalLp = isqrt(totalSy * totalPt)
    markets.push({
      address, asset: tokens[asset]!.address, sy, pt, vault: hex(tokenPrefix, 3 * k + 2),
      timestamp: PENDLE_TIMESTAMP.toString(),
      market: {
        totalPt: totalPt.toString(), totalSy: totalSy.toString(), totalLp: (totalLp > 0n ? totalLp : 1n).toString(),
        scalarRoot: (BigInt(Math.round((5 + random() * 45) * 1e6)) * 10n ** 12n).toString(),
        expiry: (PENDLE_TIMESTAMP + BigInt(expirySeconds)).toString(),
        lnFeeRateRoot: ln(E18 + BigInt(Math.round((0.0005 + random() * 0.0045) * 1e18))).toString(),
        reserveFeePercent: '80',
        lastLnImpliedRate: ln(BigInt(Math.round((1 + apy) * 1e18))).toString(),
      },
      pyIndexStored: exchangeRateOf(vault).toString(),
      vaultTotalAssets: vaultTotalAssets.toString(),
      vaultTotalSupply: vaultTotalSupply.toString(),
      state,
    })
    const assetUsd = pricesUsd[asset]!
    const ptUsd = assetUsd / (1 + apy) ** years
    const lpUsd = (Number(totalSy) * rate * assetUsd + Number(totalPt) * ptUsd) / 10 ** decimals / Math.max(1e-18, Number(totalLp) / 10 ** decimals)
    const symbol = tokens[asset]!.symbol
    extraTokens.push(
      { address: sy, decimals, symbol: `SY-${symbol}-${k}`, priceUsd: assetUsd * rate },
      { address: pt, decimals, symbol: `PT-${symbol}-${k}`, priceUsd: ptUsd },
      { address, decimals, symbol: `PLP-${symbol}-${k}`, priceUsd: lpUsd },
    )
  }
  return { markets, extraTokens }
}
