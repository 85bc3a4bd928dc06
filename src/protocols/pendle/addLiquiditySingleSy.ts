import { addLiquidity, PendleMathRevert, swapSyForExactPt, type PendleMarketState } from './marketMath.js'

/** Parameters of {@link addLiquiditySingleSy}. */
export type AddLiquiditySingleSyParameters = {
  /** The PY index the market trades at (`pyIndexCurrent()`). */
  index: bigint
  /** SY sent to the market. */
  syIn: bigint
  /** The block's timestamp the swap and the mint run at. */
  blockTime: bigint
}

/** What {@link addLiquiditySingleSy} plans: the swap's PT, its SY cost, the mint's amounts, and the LP minted. */
export type AddLiquiditySingleSyReturnType = {
  /** PT bought with `swapSyForExactPt` (paid to the market itself) and then offered to `mint`. */
  ptFromSwap: bigint
  /** SY the swap takes. */
  syForSwap: bigint
  /** SY offered to `mint`: `syIn - syForSwap`. */
  syDesired: bigint
  /** What `mint` uses of each; the rest (a few wei) stays with the market. */
  syUsed: bigint
  ptUsed: bigint
  /** LP minted to the receiver. */
  lpOut: bigint
  /** The market's state after both calls. */
  state: PendleMarketState
}

type Plan = AddLiquiditySingleSyReturnType

/**
 * Single-sided liquidity from SY, computed exactly: all of `syIn` goes to the market, part of it buys PT with
 * `swapSyForExactPt(market, pt)` (the PT stays in the market), then `mint(receiver, syIn - cost, pt)` with
 * the rest. The PT amount is the one where the mint's two limits meet (LP by PT rises with the PT bought, LP
 * by SY falls): the largest PT for which the PT side still binds, or one wei more, whichever mints more. What
 * the mint does not use stays with the market (a few wei of SY, or of PT), as Pendle's router leaves it.
 * @returns undefined where the market would revert or mint nothing, or where it refuses the purchase before
 * the two limits meet
 * @throws never for non-negative amounts; other errors are bugs
 */
export function addLiquiditySingleSy(state: PendleMarketState, { index, syIn, blockTime }: AddLiquiditySingleSyParameters): AddLiquiditySingleSyReturnType | undefined {
  if (syIn <= 1n || state.totalLp === 0n || state.totalPt <= 1n) return undefined
  // The plan for buying `pt`, and the imbalance `pt * totalSy' - rest * totalPt'` after the swap (below).
  const attempt = (pt: bigint): { plan?: Plan; imbalance?: number } => {
    let swap: ReturnType<typeof swapSyForExactPt>
    try {
      swap = swapSyForExactPt(state, index, pt, blockTime)
    } catch (error) {
      if (error instanceof PendleMathRevert) return {}
      throw error
    }
    if (swap.netSyIn >= syIn) return {}
    const syDesired = syIn - swap.netSyIn
    const imbalance = Number(pt) * Number(swap.state.totalSy) - Number(syDesired) * Number(swap.state.totalPt)
    try {
      const minted = addLiquidity(swap.state, syDesired, pt, blockTime)
      return { plan: { ptFromSwap: pt, syForSwap: swap.netSyIn, syDesired, syUsed: minted.syUsed, ptUsed: minted.ptUsed, lpOut: minted.lpOut, state: minted.state }, imbalance }
    } catch (error) {
      if (error instanceof PendleMathRevert) return { imbalance }
      throw error
    }
  }
  // The PT side binds (all the PT bought is used) while `pt * L / totalPt'` stays at or below
  // `rest * L / totalSy'`; both sides move monotonically with the PT bought. The largest such PT is kept
  // between `lo` (binds, or 0) and `hi` (does not, or the market's PT less one). Probes are placed by
  // interpolating the imbalance `pt * totalSy' - rest * totalPt'` (negative while the PT side binds, about
  // linear in the PT bought) between the ends (Illinois: an end kept twice has its weight halved), from a
  // first guess at the market's marginal price; then halving. Each probe is one exact swap and mint: about
  // ten instead of the sixty-odd halvings over the market's whole PT.
  let lo = 0n
  let hi = state.totalPt - 1n
  let loG: number = -Number(syIn) * Number(state.totalPt)
  let hiG: number | undefined
  let best: Plan | undefined
  let side = 0
  const probe = (pt: bigint): void => {
    const { plan, imbalance: g } = attempt(pt)
    if (plan !== undefined && plan.ptUsed === pt) {
      lo = pt
      best = plan
      loG = g!
      if (side === -1 && hiG !== undefined) hiG /= 2
      side = -1
    } else {
      hi = pt - 1n
      hiG = g
      if (side === 1) loG /= 2
      side = 1
    }
  }
  const within = (pt: bigint) => (pt <= lo ? lo + 1n : pt > hi ? hi : pt)
  const guess = firstGuess(state, index, syIn, blockTime)
  if (guess !== undefined && hi > 0n) probe(within(guess))
  for (let round = 0; round < 12 && hi - lo > 1n; round++) {
    if (hiG !== undefined && hiG > loG) probe(within(lo + BigInt(Math.floor(Number(hi - lo) * (-loG / (hiG - loG))))))
    else probe(within(lo + (hi - lo) / 2n))
  }
  while (lo < hi) probe((lo + hi + 1n) / 2n)
  // One more PT must be a trade the market takes (its limit lies past the meeting point): where it
  // refuses, the SY would be far more than the mint uses, and the rest would be left with the market.
  const next = attempt(lo + 1n).plan
  if (!next) return undefined
  if (!best || next.lpOut > best.lpOut) best = next
  return best.lpOut > 0n ? best : undefined
}

/**
 * The PT a single-sided deposit buys, in float, at the market's marginal price: the deposit's share of the
 * market's value (SY plus PT at that price), of the market's PT after the purchase.
 */
function firstGuess(state: PendleMarketState, index: bigint, syIn: bigint, blockTime: bigint): bigint | undefined {
  const years = Number(state.expiry - blockTime) / (365 * 86_400)
  const ptPerAsset = Math.exp((Number(state.lastLnImpliedRate) / 1e18) * years)
  const syPerPt = 1 / (ptPerAsset * (Number(index) / 1e18))
  const share = Number(syIn) / (Number(state.totalSy) + Number(state.totalPt) * syPerPt)
  const pt = (share * Number(state.totalPt)) / (1 + share)
  return Number.isFinite(pt) && pt >= 1 ? BigInt(Math.floor(pt)) : undefined
}
