import type { FloatModel, PoolEdge } from '../types.js'
import type { AerodromePoolSnapshot } from './types.js'

/** The stable curve's y for `x0` at invariant `k` (token units): Newton from above on x0 y^3 + x0^3 y = k. */
function solveStableY(x0: number, k: number, start: number): number {
  let y = start
  for (let it = 0; it < 100; it++) {
    const h = x0 * y * y * y + x0 * x0 * x0 * y - k
    const step = h / (3 * x0 * y * y + x0 * x0 * x0)
    if (!(step > y * 1e-16)) break
    y -= step
  }
  return Math.max(0, y)
}

/**
 * Float64 model of an Aerodrome edge (see {@link FloatModel}). The pool floors its fee
 * (`amountIn - floor(amountIn * fee / 10000)`), so the input it trades is at most `amountIn * (1 - fee) + 1`
 * and never more than `amountIn`: the model trades that bound (monotone in the amount), so it stays
 * above the exact quote even where one raw input unit is worth many output units. Volatile pools are then
 * x * y; stable pools solve x^3 y + y^3 x = k in doubles (token units) and add a slack of 1e-12 of the
 * output reserve plus two raw units for the cancellation of `reserve - y` and the pool's roundings.
 * Amounts are raw token units, as the engine passes them.
 */
export function aerodromeFloatModel(snapshot: AerodromePoolSnapshot, edge: PoolEdge): FloatModel {
  const zeroForOne = edge.tokenInIndex === 0
  const reserveIn = Number(zeroForOne ? snapshot.reserve0 : snapshot.reserve1)
  const reserveOut = Number(zeroForOne ? snapshot.reserve1 : snapshot.reserve0)
  const gamma = 1 - Number(snapshot.fee) / 10_000
  const traded = (amountIn: number) => Math.min(amountIn, amountIn * gamma + 1)
  if (!snapshot.stable) {
    return {
      kind: 'custom',
      quote: (amountIn) => {
        if (!(amountIn > 0) || !(reserveIn > 0) || !(reserveOut > 0)) return 0
        const a = traded(amountIn)
        return (reserveOut * a) / (reserveIn + a)
      },
    }
  }
  const unitIn = Number(zeroForOne ? snapshot.decimals0 : snapshot.decimals1)
  const unitOut = Number(zeroForOne ? snapshot.decimals1 : snapshot.decimals0)
  const x = reserveIn / unitIn
  const y = reserveOut / unitOut
  const k = x * y * (x * x + y * y)
  const slack = reserveOut * 1e-12 + 2
  return {
    kind: 'custom',
    quote: (amountIn) => {
      if (!(amountIn > 0) || !(x > 0) || !(y > 0)) return 0
      const x0 = x + traded(amountIn) / unitIn
      const out = (y - solveStableY(x0, k, y)) * unitOut
      return Math.min(reserveOut, Math.max(0, out) + slack)
    },
  }
}
