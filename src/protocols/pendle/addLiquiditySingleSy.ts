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
  const planFor = (pt: bigint): Plan | undefined => {
    try {
      const swap = swapSyForExactPt(state, index, pt, blockTime)
      if (swap.netSyIn >= syIn) return undefined
      const syDesired = syIn - swap.netSyIn
      const minted = addLiquidity(swap.state, syDesired, pt, blockTime)
      return { ptFromSwap: pt, syForSwap: swap.netSyIn, syDesired, syUsed: minted.syUsed, ptUsed: minted.ptUsed, lpOut: minted.lpOut, state: minted.state }
    } catch (error) {
      if (error instanceof PendleMathRevert) return undefined
      throw error
    }
  }
  // The PT side binds (all the PT bought is used) while `pt * L / totalPt'` stays at or below
  // `rest * L / totalSy'`; both sides move monotonically with the PT bought.
  const ptBinds = (pt: bigint): Plan | undefined => {
    const plan = planFor(pt)
    return plan !== undefined && plan.ptUsed === pt ? plan : undefined
  }
  let lo = 0n
  let hi = state.totalPt - 1n
  let best: Plan | undefined
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n
    const plan = ptBinds(mid)
    if (plan) {
      lo = mid
      best = plan
    } else hi = mid - 1n
  }
  // One more PT must be a trade the market takes (its limit lies past the meeting point): where it
  // refuses, the SY would be far more than the mint uses, and the rest would be left with the market.
  const next = planFor(lo + 1n)
  if (!next) return undefined
  if (!best || next.lpOut > best.lpOut) best = next
  return best.lpOut > 0n ? best : undefined
}
