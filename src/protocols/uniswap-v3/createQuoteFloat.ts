import { MAX_TICK, MIN_TICK } from './tickMath.js'
import type { ConcentratedLiquidityState } from './types.js'

// Same slack as quoteFloat: the kernel is an upper estimate of the exact quote.
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
    const sqrtT = zeroForOne ? Math.min(sqrtOf(boundary), sqrtP) : Math.max(sqrtOf(boundary), sqrtP)
    ranges.liquidity[j] = liquidity
    ranges.sqrtP[j] = sqrtP
    // One difference of sqrt prices for a range's input and output, as quoteFloat takes it.
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
 * The float kernel of one swap direction of a concentrated-liquidity pool: {@link quoteFloat}'s
 * arithmetic, operation for operation (so the same number for every input), with what does not depend
 * on the input done once, on the first call, instead of on every call: finding the next initialized
 * tick, the bigint to float conversions, a power per boundary. The layered searches quote each edge
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
        // The partial range, as quoteFloat writes it (rearranged to avoid cancellation for small inputs).
        return (zeroForOne ? out + (liquidity * net * sqrtP * sqrtP) / (liquidity + net * sqrtP) : out + net / (sqrtP * (sqrtP + net / liquidity))) * SLACK
      }
      out += fs[j]!
      remaining -= needed / gamma
    }
    return out * SLACK
  }
}
