import type { ConcentratedModel, PoolArbitrage } from './types.js'

/** Parameters of {@link arbitrageConcentratedPool}. */
export type ArbitrageConcentratedPoolParameters = {
  /** Price of one raw unit of token0 and of token1, > 0. */
  prices: readonly [number, number] | readonly number[]
}

/**
 * Arbitrage subproblem of a concentrated-liquidity pool (Uniswap V3, hookless V4) at prices (c0, c1), in closed
 * form per tick range. Selling token0 yields, per unit paid, γ·s² token1 at sqrt price s, so it pays while
 * γ s² c1 > c0: the optimal trade moves the price down to s* = √(c0 / (γ c1)) (or to the end of the loaded
 * liquidity), range by range: in a range of liquidity L from s to s' the pool takes L(1/s' − 1/s)/γ of token0
 * and gives L(s − s') of token1. Buying token0 is the mirror image, with s* = √(γ c0 / c1). At most one
 * direction pays. Fees stay outside the liquidity in these pools, so a sequence of trades is worth no more
 * than this single one.
 *
 * @returns the optimal value and one maximizer (amounts paid in and received, per pool token)
 */
export function arbitrageConcentratedPool(model: ConcentratedModel, { prices }: ArbitrageConcentratedPoolParameters): PoolArbitrage {
  const c0 = prices[0]!
  const c1 = prices[1]!
  const s = model.sqrtPrice
  const none: PoolArbitrage = { value: 0, delta: [0, 0], lambda: [0, 0] }
  if (!(c0 > 0) || !(c1 > 0)) return drain(model, c0, c1)
  const down = Math.sqrt(c0 / (model.gammaZeroForOne * c1))
  if (down < s) {
    const { paid, received } = walkDown(model, down)
    const delta0 = paid / model.gammaZeroForOne
    const value = c1 * received - c0 * delta0
    return value > 0 ? { value, delta: [delta0, 0], lambda: [0, received] } : none
  }
  const up = Math.sqrt((model.gammaOneForZero * c0) / c1)
  if (up > s) {
    const { paid, received } = walkUp(model, up)
    const delta1 = paid / model.gammaOneForZero
    const value = c0 * received - c1 * delta1
    return value > 0 ? { value, delta: [0, delta1], lambda: [received, 0] } : none
  }
  return none
}

/** Sells token0 until the sqrt price reaches `target` (or the liquidity ends): net token0 paid, token1 received. */
function walkDown(model: ConcentratedModel, target: number): { paid: number; received: number } {
  let s = model.sqrtPrice
  let liquidity = model.liquidity
  let paid = 0
  let received = 0
  for (let i = 0; ; i++) {
    const tick = model.below[i]
    const boundary = Math.min(s, tick === undefined ? model.sqrtPriceMin : tick.sqrtPrice)
    const next = Math.max(target, boundary)
    if (liquidity > 0 && next < s) {
      paid += (liquidity * (s - next)) / (s * next)
      received += liquidity * (s - next)
    }
    s = next
    if (next === target || tick === undefined) return { paid, received }
    liquidity = Math.max(0, liquidity - tick.liquidityNet)
  }
}

/** Sells token1 until the sqrt price reaches `target` (or the liquidity ends): net token1 paid, token0 received. */
function walkUp(model: ConcentratedModel, target: number): { paid: number; received: number } {
  let s = model.sqrtPrice
  let liquidity = model.liquidity
  let paid = 0
  let received = 0
  for (let i = 0; ; i++) {
    const tick = model.above[i]
    const boundary = Math.max(s, tick === undefined ? model.sqrtPriceMax : tick.sqrtPrice)
    const next = Math.min(target, boundary)
    if (liquidity > 0 && next > s) {
      paid += liquidity * (next - s)
      received += (liquidity * (next - s)) / (s * next)
    }
    s = next
    if (next === target || tick === undefined) return { paid, received }
    liquidity = Math.max(0, liquidity + tick.liquidityNet)
  }
}

/** A token priced 0 is free: the other side is worth all the liquidity up to the end of the range. */
function drain(model: ConcentratedModel, c0: number, c1: number): PoolArbitrage {
  if (!(c0 > 0) && !(c1 > 0)) return { value: 0, delta: [0, 0], lambda: [0, 0] }
  if (c1 > 0) {
    const { received } = walkDown(model, 0)
    return { value: c1 * received, delta: [Infinity, 0], lambda: [0, received] }
  }
  const { received } = walkUp(model, Infinity)
  return { value: c0 * received, delta: [0, Infinity], lambda: [received, 0] }
}
