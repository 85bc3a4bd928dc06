import { MAX_TICK, MIN_TICK, getSqrtRatioAtTick } from '../tickMath.js'
import type { ConcentratedLiquidityState } from '../types.js'

/**
 * Test-only: a V3 pool state from liquidity positions (`[lower, upper)` in ticks, on the spacing): the
 * net liquidity at every initialized tick, the active liquidity at `tick`, and a price `offset` (0–1)
 * of the way from `tick` to `tick + 1`; the tick window is every usable tick.
 */
export function poolFromRanges(p: {
  spacing: number
  ranges: readonly { lower: number; upper: number; liquidity: bigint }[]
  tick: number
  offset: number
  fee: number
}): ConcentratedLiquidityState {
  const net = new Map<number, bigint>()
  let liquidity = 0n
  for (const { lower, upper, liquidity: l } of p.ranges) {
    net.set(lower, (net.get(lower) ?? 0n) + l)
    net.set(upper, (net.get(upper) ?? 0n) - l)
    if (lower <= p.tick && p.tick < upper) liquidity += l
  }
  const low = getSqrtRatioAtTick(p.tick)
  const high = getSqrtRatioAtTick(p.tick + 1)
  return {
    sqrtPriceX96: low + BigInt(Math.floor(Number(high - low) * p.offset)),
    tick: p.tick,
    liquidity,
    fee: p.fee,
    tickSpacing: p.spacing,
    ticks: [...net].filter(([, l]) => l !== 0n).sort(([a], [b]) => a - b).map(([index, liquidityNet]) => ({ index, liquidityNet })),
    tickWindow: { lower: Math.ceil(MIN_TICK / p.spacing) * p.spacing, upper: Math.floor(MAX_TICK / p.spacing) * p.spacing },
  }
}
