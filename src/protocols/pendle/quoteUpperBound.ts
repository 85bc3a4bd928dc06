import type { QuoteParameters } from '../types.js'
import { executeTrade, PendleMathRevert, type PendleMarketState } from './marketMath.js'
import { ASSET, PT, pyIndexOf, SY, tradeTimeOf } from './quote.js'
import type { PendleMarketSnapshot } from './types.js'

const ONE = 10n ** 18n

/** The most PT each market state sells at a PY index (per state object: states are never mutated). */
const memo = new WeakMap<PendleMarketState, Map<bigint, bigint>>()

/**
 * The largest PT purchase the market does not refuse as too large at `index` and `blockTime`, whatever it
 * costs: buying PT lowers the market's exchange rate, and past this amount it falls below one (or the market
 * runs out of PT). A binary search on that refusal, which never turns back as the amount grows; the only
 * refusal of small trades (a net LP fee that rounds to zero) counts as a purchase, which can only raise the bound.
 */
export function maxPtForSale(state: PendleMarketState, index: bigint, blockTime: bigint): bigint {
  let byIndex = memo.get(state)
  const hit = byIndex?.get(index)
  if (hit !== undefined) return hit
  const tooLarge = (pt: bigint): boolean => {
    try {
      executeTrade(state, index, pt, blockTime)
      return false
    } catch (error) {
      if (!(error instanceof PendleMathRevert)) throw error
      return !error.message.includes('MarketZeroNetLPFee')
    }
  }
  let lo = 0n
  let hi = state.totalPt
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n
    if (tooLarge(mid)) hi = mid - 1n
    else lo = mid
  }
  if (byIndex === undefined) memo.set(state, (byIndex = new Map()))
  byIndex.set(index, lo)
  return lo
}

/** Most PY indexes an asset → PT bound takes the maximum over (one search of the market each, kept per state). */
const MAX_INDEXES = 16

/**
 * `quoteUpperBound` of a Pendle edge into PT (see `ProtocolAdapter.quoteUpperBound`): no purchase pays more
 * PT than the market sells at all ({@link maxPtForSale}) at the PY index it trades at. At one index what the
 * market sells is exact (the exchange rate after a purchase never rises with its size); across indexes it is
 * not monotone to the unit (the market's roundings), so a bound is taken at every index the edge can trade
 * at. SY → PT trades at the snapshot's index. Asset → PT deposits into the vault first, which can only raise
 * its rate, by its rounding, to at most `(totalAssets + 1) / (totalSupply + 10^offset - 1)`: the bound is the
 * most over each index from the rate now to that one (when they are at most {@link MAX_INDEXES} wei apart;
 * none otherwise). Loose on a deep market, it is the tie itself where the market is nearly out of PT for sale
 * and walks of every size buy all of it (what the search cannot separate in floats). No bound for other edges.
 */
export function pendleQuoteUpperBound(s: PendleMarketSnapshot, { edge }: QuoteParameters): bigint | undefined {
  if (edge.tokenOutIndex !== PT || (edge.tokenInIndex !== SY && edge.tokenInIndex !== ASSET)) return undefined
  const time = tradeTimeOf(s)
  const low = pyIndexOf(s)
  if (edge.tokenInIndex === SY) return maxPtForSale(s.market, low, time)
  const denominator = s.vaultTotalSupply + 10n ** BigInt(s.vaultDecimalsOffset) - 1n
  if (denominator <= 0n) return undefined
  const rateAfter = (ONE * (s.vaultTotalAssets + 1n) + denominator - 1n) / denominator
  const high = rateAfter > low ? rateAfter : low
  if (high - low > BigInt(MAX_INDEXES)) return undefined
  let bound = 0n
  for (let index = low; index <= high; index++) {
    const sale = maxPtForSale(s.market, index, time)
    if (sale > bound) bound = sale
  }
  return bound
}
