import { MAX_TICK, MIN_TICK } from './tickMath.js'
import type { ConcentratedLiquidityState } from './types.js'

// Rounding of the float path (sqrt prices, range differences) stays far below 1e-11 relative; the
// slack keeps the model an upper estimate of the exact quote as FloatModel requires.
const SLACK = 1 + 1e-11

const sqrtOf = (tick: number): number => Math.pow(1.0001, tick / 2)

/** The ranges a swap in one direction walks through, in float, from the price on (built once per kernel). */
type Ranges = {
  /** Liquidity of range j (0 where none). */
  liquidity: Float64Array
  /** Sqrt price at which range j starts. */
  sqrtP: Float64Array
  /** Input (before the fee is taken) that range j absorbs up to its far boundary, and the output it pays. */
  needed: Float64Array
  full: Float64Array
  /** Ranges in all; the last one ends at the loaded window or the price limit (a swap stops there). */
  count: number
}

function rangesOf(snapshot: ConcentratedLiquidityState, zeroForOne: boolean): Ranges {
  const ticks = snapshot.ticks
  let i = 0
  if (zeroForOne) {
    i = ticks.length - 1
    while (i >= 0 && ticks[i]!.index > snapshot.tick) i--
  } else {
    while (i < ticks.length && ticks[i]!.index <= snapshot.tick) i++
  }
  const count = (zeroForOne ? i + 1 : ticks.length - i) + 1
  const ranges: Ranges = { liquidity: new Float64Array(count), sqrtP: new Float64Array(count), needed: new Float64Array(count), full: new Float64Array(count), count }
  let sqrtP = Number(snapshot.sqrtPriceX96) / 2 ** 96
  let liquidity = Number(snapshot.liquidity)
  for (let j = 0; j < count; j++) {
    const tickObj = ticks[i]
    const boundary = tickObj !== undefined ? tickObj.index : zeroForOne ? Math.max(snapshot.tickWindow.lower, MIN_TICK) : Math.min(snapshot.tickWindow.upper, MAX_TICK)
    // Float sqrt prices of the snapshot and of a tick can disagree in the last bits when the price sits on
    // the tick: a boundary behind the price would add a negative range, so it is taken as the price itself.
    const sqrtT = zeroForOne ? Math.min(sqrtOf(boundary), sqrtP) : Math.max(sqrtOf(boundary), sqrtP)
    ranges.liquidity[j] = liquidity
    ranges.sqrtP[j] = sqrtP
    // A range's input and output share one difference of sqrt prices, so their ratio is the range's
    // price however narrow it is: `1 / sqrtT - 1 / sqrtP` of two nearly equal prices cancels to whole
    // ulps and, times a deep pool's liquidity, charged the range up to twice its input (thousands of
    // wei) for the output it gave.
    const width = zeroForOne ? sqrtP - sqrtT : sqrtT - sqrtP
    if (zeroForOne) {
      ranges.needed[j] = liquidity > 0 ? (liquidity * width) / (sqrtP * sqrtT) : 0
      ranges.full[j] = liquidity * width
    } else {
      ranges.needed[j] = liquidity > 0 ? liquidity * width : 0
      ranges.full[j] = (liquidity * width) / (sqrtP * sqrtT)
    }
    sqrtP = sqrtT
    if (tickObj === undefined) break
    const delta = Number(tickObj.liquidityNet)
    liquidity += zeroForOne ? -delta : delta
    if (liquidity < 0) liquidity = 0
    i += zeroForOne ? -1 : 1
  }
  return ranges
}

/**
 * The float model of one swap direction of a concentrated-liquidity pool (see {@link quoteFloat}), with
 * what does not depend on the input done once, on the first call, instead of on every call: finding the
 * next initialized tick, the bigint to float conversions, a power per boundary, each range's input and
 * output. The layered searches quote each edge
 * tens of thousands of times a route on a large chain; each of those calls now walks float arrays.
 * The snapshot is never mutated (a swap returns a new one), so the ranges stay its own.
 * @returns the kernel: amountIn (fee included) to an upper estimate of the output
 */
export function createQuoteFloat(snapshot: ConcentratedLiquidityState, zeroForOne: boolean): (amountIn: number) => number {
  const gamma = 1 - snapshot.fee / 1e6
  let ranges: Ranges | undefined
  return (amountIn: number): number => {
    if (!(amountIn > 0)) return 0
    ranges ??= rangesOf(snapshot, zeroForOne)
    const { liquidity: ls, sqrtP: ps, needed: ns, full: fs, count } = ranges
    let remaining = amountIn
    let out = 0
    for (let j = 0; j < count; j++) {
      const liquidity = ls[j]!
      const needed = ns[j]!
      const net = remaining * gamma
      if (liquidity > 0 && net < needed) {
        const sqrtP = ps[j]!
        // The partial range: L*(sqrtP - L*sqrtP/(L + net*sqrtP)) selling token0, L*(1/sqrtP - 1/(sqrtP + net/L))
        // selling token1, each rearranged to avoid cancellation for small inputs.
        return (zeroForOne ? out + (liquidity * net * sqrtP * sqrtP) / (liquidity + net * sqrtP) : out + net / (sqrtP * (sqrtP + net / liquidity))) * SLACK
      }
      out += fs[j]!
      remaining -= needed / gamma
    }
    return out * SLACK
  }
}
