import fc from 'fast-check'
import type { ConcentratedLiquidityState } from '../types.js'
import { poolFromRanges } from './poolFromRanges.js'

// Test support: random concentrated-liquidity pools and amounts sized to them (quoteFloat and its kernel).

/** Random consistent pool: a few positions (with gaps between them), price anywhere inside the current tick. */
export const randomPool = fc
  .record({
    spacing: fc.constantFrom(1, 10, 60),
    positions: fc.array(fc.record({ a: fc.integer({ min: -400, max: 400 }), width: fc.integer({ min: 1, max: 300 }), liquidity: fc.bigInt(10n ** 12n, 10n ** 24n) }), {
      minLength: 1,
      maxLength: 5,
    }),
    tick: fc.integer({ min: -4000, max: 4000 }),
    offset: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    fee: fc.constantFrom(0, 100, 500, 3000, 10_000),
  })
  .map(({ spacing, positions, tick, offset, fee }): ConcentratedLiquidityState =>
    poolFromRanges({ spacing, ranges: positions.map(({ a, width, liquidity }) => ({ lower: a * spacing, upper: (a + width) * spacing, liquidity })), tick, offset, fee }),
  )

/** Amounts as a fraction of what the pool can absorb in that direction, so most swaps fill and some do not. */
export const fraction = fc.oneof(fc.double({ min: 1e-12, max: 1, noNaN: true }), fc.double({ min: 1e-12, max: 1e-3, noNaN: true }))

/** Input that moves the price through every position in that direction (float, from the ticks). */
export function capacity(pool: ConcentratedLiquidityState, zeroForOne: boolean): number {
  const sqrt = (t: number) => Math.pow(1.0001, t / 2)
  const p = Number(pool.sqrtPriceX96) / 2 ** 96
  let total = 0
  let liquidity = Number(pool.liquidity)
  let from = p
  const ticks = zeroForOne ? [...pool.ticks].reverse().filter((t) => t.index <= pool.tick) : pool.ticks.filter((t) => t.index > pool.tick)
  for (const { index, liquidityNet } of ticks) {
    const to = sqrt(index)
    total += zeroForOne ? liquidity * (1 / to - 1 / from) : liquidity * (to - from)
    liquidity += zeroForOne ? -Number(liquidityNet) : Number(liquidityNet)
    from = to
  }
  return total / (1 - pool.fee / 1e6)
}
