import { createQuoteFloat } from './createQuoteFloat.js'
import type { ConcentratedLiquidityState } from './types.js'

/** Parameters of {@link quoteFloat}. */
export type QuoteFloatParameters = {
  /** True to sell token0 for token1. */
  zeroForOne: boolean
  /** Input amount, fee included. */
  amountIn: number
}

/**
 * Float64 estimate of {@link quoteExactInput}: real-valued concentrated-liquidity math across the
 * initialized ticks (no rounding, no per-word steps). The exact result rounds in the pool's favour, so
 * this is an upper estimate within float error. Past the loaded window or the price limit it returns
 * what was filled so far (the exact quote is 0n there). One call of a fresh {@link createQuoteFloat}
 * kernel, the model the engine serves; a caller quoting one pool state many times keeps the kernel.
 */
export function quoteFloat(snapshot: ConcentratedLiquidityState, { zeroForOne, amountIn }: QuoteFloatParameters): number {
  return createQuoteFloat(snapshot, zeroForOne)(amountIn)
}
