import type { FloatModel, PoolEdge } from '../types.js'
import type { AerodromePoolSnapshot } from './types.js'

/** The stable curve's y for `x0` at invariant `k` (token units): Newton from above on x0 y^3 + x0^3 y = k. */
export function solveStableY(x0: number, k: number, start: number): number {
  let y = start
  for (let it = 0; it < 100; it++) {
    const h = x0 * y * y * y + x0 * x0 * x0 * y - k
    const step = h / (3 * x0 * y * y + x0 * x0 * x0)
    if (!(step > y * 1e-16)) break
    y -= step
  }
  return Math.max(0, y)
}

/** One swap direction's shape, in raw units. */
type SwapShape = { stable: boolean; reserveIn: number; reserveOut: number; unitIn: number; unitOut: number; gamma: number }

/**
 * Upper estimate of a swap's output (see {@link aerodromeFloatModel}): the pool floors its fee, so the
 * input it trades is at most `amountIn * (1 - fee) + 1` and never more than `amountIn`.
 */
function swapOut(s: SwapShape, amountIn: number): number {
  if (!(amountIn > 0) || !(s.reserveIn > 0) || !(s.reserveOut > 0)) return 0
  const a = Math.min(amountIn, amountIn * s.gamma + 1)
  if (!s.stable) return (s.reserveOut * a) / (s.reserveIn + a)
  const x = s.reserveIn / s.unitIn
  const y = s.reserveOut / s.unitOut
  const k = x * y * (x * x + y * y)
  const out = (y - solveStableY(x + a / s.unitIn, k, y)) * s.unitOut
  return Math.min(s.reserveOut, Math.max(0, out) + s.reserveOut * 1e-12 + 2)
}

/**
 * Upper bound of the marginal price, in raw `out` units per raw `in` unit, before any fee: the best price a
 * swap from this state gets (both curves are convex), and the same after a pro-rata burn (both are
 * homogeneous, so the price depends only on the reserves' ratio). Stable: `(3x²y + y³) / (x³ + 3xy²)` on
 * token units.
 */
function marginalPrice(stable: boolean, rIn: number, rOut: number, unitIn: number, unitOut: number): number {
  if (!stable) return rOut / rIn
  const x = rIn / unitIn
  const y = rOut / unitOut
  return ((3 * x * x * y + y * y * y) / (x * x * x + 3 * x * y * y)) * (unitOut / unitIn)
}

/**
 * Float64 model of an Aerodrome edge (see {@link FloatModel}). Swaps: the pool floors its fee
 * (`amountIn - floor(amountIn * fee / 10000)`), so the model trades `min(amountIn, amountIn * (1 - fee) + 1)`
 * (monotone, and above the exact quote even where one raw input unit is worth many output units); volatile
 * pools are then x * y; stable pools solve x^3 y + y^3 x = k in doubles (token units) with a slack of 1e-12
 * of the output reserve plus two raw units for the cancellation of `reserve - y` and the pool's roundings.
 * Deposits and redemptions bound the swap they include by the marginal price P (no swap beats it):
 * a deposit of `a` mints at most `max_s min((a - s) T / rIn, P s T / (rOut - P s))` (the root of a
 * quadratic), a redemption of `L` pays at most `min(rOut, f rOut + P f rIn')` with `f = L / T` and the
 * other side's input after the fee; both with 1e-9 and two units of slack, monotone, capped at the supply.
 * Amounts are raw token units, as the engine passes them.
 */
export function aerodromeFloatModel(snapshot: AerodromePoolSnapshot, edge: PoolEdge): FloatModel {
  const gamma = 1 - Number(snapshot.fee) / 10_000
  const r = [Number(snapshot.reserve0), Number(snapshot.reserve1)] as const
  const unit = [Number(snapshot.decimals0), Number(snapshot.decimals1)] as const
  const supply = Number(snapshot.totalSupply)
  if (edge.action === 'deposit') {
    const i = edge.tokenInIndex
    const rIn = r[i]!
    const rOut = r[1 - i]!
    if (!snapshot.stable) {
      // The zap itself in doubles: the split s from the closed form, then both shares of the supply on the
      // reserves the swap leaves, each at least the pool's (the fee is floored, the output too). Mint pays
      // the smaller share, and the larger of the two bounds every split's smaller one.
      return {
        kind: 'custom',
        quote: (a) => {
          if (!(a > 0) || !(rIn > 0) || !(rOut > 0) || !(supply > 0)) return 0
          const b = (1 + gamma) * rIn
          const split = Math.min(a, (2 * a * rIn) / (b + Math.sqrt(b * b + 4 * gamma * gamma * a * rIn)))
          const traded = Math.min(split, split * gamma + 1)
          const out = (rOut * traded) / (rIn + traded)
          const shareIn = ((a - split) * supply) / (rIn + split * gamma)
          const shareOut = out >= rOut ? Infinity : (out * supply) / (rOut - out)
          return Math.min((a * supply) / rIn, Math.max(shareIn, shareOut)) * (1 + 1e-9) + 2
        },
      }
    }
    const price = marginalPrice(snapshot.stable, rIn, rOut, unit[i]!, unit[1 - i]!) * (1 + 1e-9)
    return {
      kind: 'custom',
      quote: (a) => {
        if (!(a > 0) || !(rIn > 0) || !(rOut > 0) || !(supply > 0)) return 0
        // (a - s)(rOut - P s) = P s rIn: the smaller root, in its cancellation-free form.
        const b = price * a + rOut + price * rIn
        const s = (2 * a * rOut) / (b + Math.sqrt(Math.max(0, b * b - 4 * price * a * rOut)))
        return ((a - s) * supply / rIn) * (1 + 1e-9) + 2
      },
    }
  }
  if (edge.action === 'redeem') {
    const i = edge.tokenOutIndex
    const o = 1 - i
    const price = marginalPrice(snapshot.stable, r[o]!, r[i]!, unit[o]!, unit[i]!)
    return {
      kind: 'custom',
      quote: (amountIn) => {
        if (!(amountIn > 0) || !(supply > 0)) return 0
        const f = Math.min(1, amountIn / supply)
        const other = r[o]! * f
        return Math.min(r[i]!, r[i]! * f + price * Math.min(other, other * gamma + 1)) * (1 + 1e-9) + 2
      },
    }
  }
  const zeroForOne = edge.tokenInIndex === 0
  const shape: SwapShape = {
    stable: snapshot.stable,
    reserveIn: zeroForOne ? r[0] : r[1],
    reserveOut: zeroForOne ? r[1] : r[0],
    unitIn: zeroForOne ? unit[0] : unit[1],
    unitOut: zeroForOne ? unit[1] : unit[0],
    gamma,
  }
  return { kind: 'custom', quote: (amountIn) => swapOut(shape, amountIn) }
}
