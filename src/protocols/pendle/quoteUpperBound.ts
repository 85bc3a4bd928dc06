import type { QuoteParameters } from '../types.js'
import { passesBuyChecks, syToAsset, type PendleMarketState } from './marketMath.js'
import { ASSET, PT, pyIndexOf, SY, tradeTimeOf } from './quote.js'
import type { PendleMarketSnapshot } from './types.js'

const ONE = 10n ** 18n

/** The most PT each market state sells against each amount of asset (per state object: states are never mutated). */
const memo = new WeakMap<PendleMarketState, Map<bigint, bigint>>()

/**
 * The largest PT purchase that passes the market's checks before its fee ({@link passesBuyChecks}), with
 * `totalAsset` the market's SY in asset: no purchase the market makes is larger. A binary search, exact since
 * passing never turns back as the purchase grows.
 */
export function maxPtForSale(state: PendleMarketState, totalAsset: bigint, blockTime: bigint): bigint {
  let byAsset = memo.get(state)
  const hit = byAsset?.get(totalAsset)
  if (hit !== undefined) return hit
  let lo = 0n
  let hi = state.totalPt
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n
    if (passesBuyChecks(state, totalAsset, mid, blockTime)) lo = mid
    else hi = mid - 1n
  }
  if (byAsset === undefined) memo.set(state, (byAsset = new Map()))
  byAsset.set(totalAsset, lo)
  return lo
}

/** Most indexes, or values of the market's SY in asset, an asset → PT bound takes the maximum over. */
const MAX_VALUES = 16n

/**
 * `quoteUpperBound` of a Pendle edge into PT (see `ProtocolAdapter.quoteUpperBound`): no purchase pays more
 * PT than the market sells at all ({@link maxPtForSale}) against its SY in asset at the PY index it trades at.
 * SY → PT trades at the snapshot's index. Asset → PT deposits into the vault first, which can only raise its
 * rate, by its rounding, to at most `(totalAssets + 1) / (totalSupply + 10^offset - 1)`: the bound is the most
 * over the market's SY in asset at every index between (a wei or two apart on a vault of 1e18 shares or more), or
 * over every asset value between the two ends (few on a small market); none past {@link MAX_VALUES} of either. Loose on a deep market, it is the tie itself where the
 * market is nearly out of PT for sale and walks of every size buy all of it (what the search cannot separate in
 * floats). No bound for the other edges.
 */
export function pendleQuoteUpperBound(s: PendleMarketSnapshot, { edge }: QuoteParameters): bigint | undefined {
  if (edge.tokenOutIndex !== PT || (edge.tokenInIndex !== SY && edge.tokenInIndex !== ASSET)) return undefined
  const time = tradeTimeOf(s)
  const low = pyIndexOf(s)
  let high = low
  if (edge.tokenInIndex === ASSET) {
    const denominator = s.vaultTotalSupply + 10n ** BigInt(s.vaultDecimalsOffset) - 1n
    if (denominator <= 0n) return undefined
    const rateAfter = (ONE * (s.vaultTotalAssets + 1n) + denominator - 1n) / denominator
    if (rateAfter > high) high = rateAfter
  }
  // The market's SY in asset at each index the trade can meet: by index where they are few (a large vault moves
  // its rate by a wei or two), else by every asset value between (a small market's SY spans few).
  const from = syToAsset(low, s.market.totalSy)
  const to = syToAsset(high, s.market.totalSy)
  let values: bigint[]
  if (high - low <= MAX_VALUES) values = Array.from({ length: Number(high - low) + 1 }, (_, k) => syToAsset(low + BigInt(k), s.market.totalSy))
  else if (to - from <= MAX_VALUES) values = Array.from({ length: Number(to - from) + 1 }, (_, k) => from + BigInt(k))
  else return undefined
  let bound = 0n
  for (const totalAsset of new Set(values)) {
    const sale = maxPtForSale(s.market, totalAsset, time)
    if (sale > bound) bound = sale
  }
  return bound
}
