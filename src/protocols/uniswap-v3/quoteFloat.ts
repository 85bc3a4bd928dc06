import { MAX_TICK, MIN_TICK } from './tickMath.js'
import type { ConcentratedLiquidityState } from './types.js'

/** Parameters of {@link quoteFloat}. */
export type QuoteFloatParameters = {
  /** True to sell token0 for token1. */
  zeroForOne: boolean
  /** Input amount, fee included. */
  amountIn: number
}

// Rounding of the float path (sqrt prices, range differences) stays far below 1e-11 relative; the
// slack keeps the model an upper estimate of the exact quote as FloatModel requires.
const SLACK = 1 + 1e-11

const sqrtOf = (tick: number): number => Math.pow(1.0001, tick / 2)

/**
 * Float64 estimate of {@link quoteExactInput}: real-valued concentrated-liquidity math across the
 * initialized ticks (no rounding, no per-word steps). The exact result rounds in the pool's favour, so
 * this is an upper estimate within float error. Past the loaded window or the price limit it returns
 * what was filled so far (the exact quote is 0n there).
 */
export function quoteFloat(snapshot: ConcentratedLiquidityState, { zeroForOne, amountIn }: QuoteFloatParameters): number {
  if (!(amountIn > 0)) return 0
  const gamma = 1 - snapshot.fee / 1e6
  const ticks = snapshot.ticks
  let sqrtP = Number(snapshot.sqrtPriceX96) / 2 ** 96
  let liquidity = Number(snapshot.liquidity)
  let remaining = amountIn
  let out = 0
  // Index of the next initialized tick in the swap direction.
  let i = 0
  if (zeroForOne) {
    i = ticks.length - 1
    while (i >= 0 && ticks[i]!.index > snapshot.tick) i--
  } else {
    while (i < ticks.length && ticks[i]!.index <= snapshot.tick) i++
  }
  for (;;) {
    const tickObj = ticks[i]
    const boundary = tickObj !== undefined ? tickObj.index : zeroForOne ? Math.max(snapshot.tickWindow.lower, MIN_TICK) : Math.min(snapshot.tickWindow.upper, MAX_TICK)
    // Float sqrt prices of the snapshot and of a tick can disagree in the last bits when the price sits on
    // the tick: a boundary behind the price would add a negative range, so it is taken as the price itself.
    const sqrtT = zeroForOne ? Math.min(sqrtOf(boundary), sqrtP) : Math.max(sqrtOf(boundary), sqrtP)
    const net = remaining * gamma
    // A range's input and output share one difference of sqrt prices, so their ratio is the range's
    // price however narrow it is: `1 / sqrtT - 1 / sqrtP` of two nearly equal prices cancels to whole
    // ulps and, times a deep pool's liquidity, charged the range up to twice its input (thousands of
    // wei) for the output it gave.
    const width = zeroForOne ? sqrtP - sqrtT : sqrtT - sqrtP
    if (zeroForOne) {
      const needed = liquidity > 0 ? (liquidity * width) / (sqrtP * sqrtT) : 0
      if (liquidity > 0 && net < needed) {
        // L*(sqrtP - L*sqrtP/(L + net*sqrtP)), rearranged to avoid cancellation for small inputs.
        return (out + (liquidity * net * sqrtP * sqrtP) / (liquidity + net * sqrtP)) * SLACK
      }
      out += liquidity * width
      remaining -= needed / gamma
    } else {
      const needed = liquidity > 0 ? liquidity * width : 0
      if (liquidity > 0 && net < needed) {
        // L*(1/sqrtP - 1/(sqrtP + net/L)), rearranged to avoid cancellation for small inputs.
        return (out + net / (sqrtP * (sqrtP + net / liquidity))) * SLACK
      }
      out += (liquidity * width) / (sqrtP * sqrtT)
      remaining -= needed / gamma
    }
    sqrtP = sqrtT
    if (tickObj === undefined) return out * SLACK
    const delta = Number(tickObj.liquidityNet)
    liquidity += zeroForOne ? -delta : delta
    if (liquidity < 0) liquidity = 0
    i += zeroForOne ? -1 : 1
  }
}
