import { V3MathRevert } from './fullMath.js'
import { computeSwapStep } from './swapMath.js'
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath.js'
import type { ConcentratedLiquidityState, UniswapV3Tick } from './types.js'

/** Parameters of {@link quoteExactInput}. */
export type QuoteExactInputParameters = {
  /** True to sell token0 for token1. */
  zeroForOne: boolean
  /** Exact input amount, fee included. */
  amountIn: bigint
}

/** Result of {@link quoteExactInput}. */
export type QuoteExactInputReturnType = {
  /** Output; 0n unless `status` is `'ok'`. */
  amountOut: bigint
  /**
   * `'ok'`: the whole input was swapped. `'windowExhausted'`: the swap needs ticks outside the loaded
   * `tickWindow`. `'priceLimit'`: the pool ran out of liquidity before the input was consumed (on-chain
   * this is a partial fill). `'revert'`: the contract would revert.
   */
  status: 'ok' | 'windowExhausted' | 'priceLimit' | 'revert'
  /** Pool state after the swap (equal to the input state unless `status` is `'ok'`). */
  sqrtPriceX96: bigint
  tick: number
  liquidity: bigint
}

const MAX_UINT128 = (1n << 128n) - 1n

function floorDiv(a: number, b: number): number {
  return Math.floor(a / b)
}

/** Last index with ticks[i].index <= x, or -1. */
function lastAtOrBelow(ticks: readonly UniswapV3Tick[], x: number): number {
  let lo = 0
  let hi = ticks.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (ticks[mid]!.index <= x) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

type NextTick = { next: number; initialized: boolean; liquidityNet: bigint } | undefined

/**
 * `TickBitmap.nextInitializedTickWithinOneWord` over the snapshot's sorted tick list. Returns
 * undefined when the answer depends on ticks outside the loaded window.
 */
function nextInitializedTickWithinOneWord(snapshot: ConcentratedLiquidityState, tick: number, lte: boolean): NextTick {
  const { tickSpacing: spacing, ticks, tickWindow } = snapshot
  const compressed = floorDiv(tick, spacing)
  if (lte) {
    const bitPos = compressed & 255
    const wordStart = compressed - bitPos
    const i = lastAtOrBelow(ticks, compressed * spacing)
    const candidate = i >= 0 ? ticks[i] : undefined
    const found = candidate !== undefined && candidate.index >= wordStart * spacing
    const low = found ? candidate!.index : Math.max(wordStart * spacing, Math.ceil(MIN_TICK / spacing) * spacing)
    if (tickWindow.lower > low || tickWindow.upper < compressed * spacing) return undefined
    return found
      ? { next: candidate!.index, initialized: true, liquidityNet: candidate!.liquidityNet }
      : { next: wordStart * spacing, initialized: false, liquidityNet: 0n }
  }
  const start = compressed + 1
  const bitPos = start & 255
  const wordEnd = start + (255 - bitPos)
  const i = lastAtOrBelow(ticks, start * spacing - 1) + 1
  const candidate = ticks[i]
  const found = candidate !== undefined && candidate.index <= wordEnd * spacing
  const high = found ? candidate!.index : Math.min(wordEnd * spacing, Math.floor(MAX_TICK / spacing) * spacing)
  if (tickWindow.upper < high || tickWindow.lower > start * spacing) return undefined
  return found
    ? { next: candidate!.index, initialized: true, liquidityNet: candidate!.liquidityNet }
    : { next: wordEnd * spacing, initialized: false, liquidityNet: 0n }
}

/**
 * Exact-input swap of a Uniswap V3 pool, step for step as `UniswapV3Pool.swap` computes it (with
 * QuoterV2's default price limit, MIN_SQRT_RATIO+1 / MAX_SQRT_RATIO-1): it walks bitmap words and
 * initialized ticks, applies `computeSwapStep` rounding and the fee per step, and crosses ticks with
 * `liquidityNet`. The protocol fee changes fee accounting only, not amounts, so it is not needed.
 * Uniswap V4's `Pool.swap` runs the same loop with the same rounding (its `computeSwapStep` splits an
 * unfinished step's input and fee differently, never the amounts consumed or produced), so V4 pools are
 * quoted here too, with `fee` set to the swap fee V4 charges (LP fee combined with any protocol fee).
 *
 * When the input cannot be fully consumed (window exhausted or price limit), `amountOut` is 0n and the
 * status says why: a route must never rely on a partial fill or on unloaded ticks.
 *
 * @example
 * quoteExactInput(snapshot, { zeroForOne: true, amountIn: 10n ** 18n }).amountOut
 */
export function quoteExactInput(snapshot: ConcentratedLiquidityState, { zeroForOne, amountIn }: QuoteExactInputParameters): QuoteExactInputReturnType {
  const unchanged = { sqrtPriceX96: snapshot.sqrtPriceX96, tick: snapshot.tick, liquidity: snapshot.liquidity }
  if (amountIn <= 0n) return { amountOut: 0n, status: 'revert', ...unchanged }
  const sqrtPriceLimitX96 = zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n
  if (zeroForOne ? sqrtPriceLimitX96 >= snapshot.sqrtPriceX96 : sqrtPriceLimitX96 <= snapshot.sqrtPriceX96)
    return { amountOut: 0n, status: 'revert', ...unchanged }
  let remaining = amountIn
  let amountOut = 0n
  let sqrtPriceX96 = snapshot.sqrtPriceX96
  let tick = snapshot.tick
  let liquidity = snapshot.liquidity
  try {
    while (remaining !== 0n && sqrtPriceX96 !== sqrtPriceLimitX96) {
      const sqrtPriceStartX96 = sqrtPriceX96
      const step = nextInitializedTickWithinOneWord(snapshot, tick, zeroForOne)
      if (step === undefined) return { amountOut: 0n, status: 'windowExhausted', ...unchanged }
      const tickNext = Math.min(MAX_TICK, Math.max(MIN_TICK, step.next))
      const sqrtPriceNextX96 = getSqrtRatioAtTick(tickNext)
      const target = (zeroForOne ? sqrtPriceNextX96 < sqrtPriceLimitX96 : sqrtPriceNextX96 > sqrtPriceLimitX96)
        ? sqrtPriceLimitX96
        : sqrtPriceNextX96
      const result = computeSwapStep(sqrtPriceX96, target, liquidity, remaining, snapshot.fee)
      sqrtPriceX96 = result.sqrtRatioNextX96
      remaining -= result.amountIn + result.feeAmount
      amountOut += result.amountOut
      if (sqrtPriceX96 === sqrtPriceNextX96) {
        if (step.initialized) {
          const liquidityNet = zeroForOne ? -step.liquidityNet : step.liquidityNet
          liquidity += liquidityNet
          if (liquidity < 0n || liquidity > MAX_UINT128) throw new V3MathRevert('LS/LA')
        }
        tick = zeroForOne ? tickNext - 1 : tickNext
      } else if (sqrtPriceX96 !== sqrtPriceStartX96) {
        tick = getTickAtSqrtRatio(sqrtPriceX96)
      }
    }
  } catch (error) {
    if (error instanceof V3MathRevert) return { amountOut: 0n, status: 'revert', ...unchanged }
    throw error
  }
  if (remaining !== 0n) return { amountOut: 0n, status: 'priceLimit', ...unchanged }
  return { amountOut, status: 'ok', sqrtPriceX96, tick, liquidity }
}
