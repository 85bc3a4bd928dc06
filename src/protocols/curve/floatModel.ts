import type { FloatModel, PoolEdge } from '../types.js'
import { ampAt, aPrecisionOf } from './stableSwapMath.js'
import type { CurveStableSwapSnapshot } from './types.js'

/** Float64 `get_D`: Newton's iteration until it moves by less than one part in 1e15. */
function fGetD(xp: readonly number[], amp: number): number {
  const n = xp.length
  const S = xp.reduce((a, b) => a + b, 0)
  if (!(S > 0)) return 0
  let D = S
  const Ann = amp * n
  for (let it = 0; it < 255; it++) {
    let DP = D
    for (const x of xp) DP = (DP * D) / (x * n)
    const prev = D
    D = ((Ann * S + DP * n) * D) / ((Ann - 1) * D + (n + 1) * DP)
    if (Math.abs(D - prev) <= D * 1e-15) break
  }
  return D
}

/** Float64 `get_y`/`get_y_D`: coin `j` at invariant `D`, the others at `xs`. */
function fSolveY(D: number, amp: number, j: number, xs: readonly number[]): number {
  const n = xs.length
  const Ann = amp * n
  let c = D
  let S = 0
  xs.forEach((x, k) => {
    if (k === j) return
    S += x
    c = (c * D) / (x * n)
  })
  c = (c * D) / (Ann * n)
  const b = S + D / Ann
  let y = D
  for (let it = 0; it < 255; it++) {
    const prev = y
    y = (y * y + c) / (2 * y + b - D)
    if (Math.abs(y - prev) <= y * 1e-15) break
  }
  return y
}

/**
 * Float64 model of a Curve StableSwap edge (see {@link FloatModel}). It runs the pool's own iterations
 * in doubles (a deposit at the invariant before its imbalance fees, which only lower what it mints, so the model
 * never falls as the deposit grows; a redemption's fees as the pool charges them); an output that is a
 * difference of two large balances loses up to ~1e-13 of the pool's size to cancellation, so an
 * absolute slack of 1e-12 of the invariant plus two raw units of every coin (dust on any real pool)
 * keeps the model above the exact quote. Amounts are raw token units, as the engine passes them.
 */
export function curveFloatModel(snapshot: CurveStableSwapSnapshot, edge: PoolEdge): FloatModel {
  const n = snapshot.balances.length
  const amp = Number(ampAt(snapshot.ramp, snapshot.timestamp)) / Number(aPrecisionOf(snapshot.variant))
  const scale = snapshot.rates.map((r) => Number(r) / 1e18)
  const raw = snapshot.balances.map((b) => Number(b))
  const xp = raw.map((b, k) => b * scale[k]!)
  const fee = Number(snapshot.fee) / 1e10
  // The pool floors `fee * N / (4 * (N - 1))` in 1e10 units: use the floored value (a redemption's fees).
  const imbalanceFee = Number((snapshot.fee * BigInt(n)) / BigInt(4 * (n - 1))) / 1e10
  const supply = Number(snapshot.totalSupply)
  const D0 = fGetD(xp, amp)
  const slack = D0 * 1e-12 + 2 * scale.reduce((a, b) => a + b, 0)
  const i = edge.tokenInIndex
  const j = edge.tokenOutIndex
  // The invariant's tangent, for the dust regime of every edge: with c = D^(n+1) / (n^n Πx) (Curve's
  // Ann·S + D = Ann·D + c), dD/dx_k = (Ann + c/x_k) / (Ann - 1 + (n+1)c/D); 1 on a balanced pool. Below
  // 1e-9 of D an edge's model is its tangent bound (plus the slack): there the Newton evaluations are
  // mostly cancellation noise (~1e-15 of D) and were not monotone (seen: 51 raw units paid more than 51.51
  // on a 4e27-D pool). Above it, the Newton value capped by the tangent and floored at the tangent's value
  // at the switch (`capByTangent`), so the pieces join without a step down. Both are upper bounds.
  const Ann = amp * n
  let c = D0
  for (const x of xp) c = (c * D0) / (x * n)
  const dDdx = (k: number) => (Ann + c / xp[k]!) / (Ann - 1 + ((n + 1) * c) / D0)
  const dustXp = D0 * 1e-9
  const capByTangent = (value: number, linear: number) => (Number.isFinite(linear) ? Math.max(Math.min(value, linear), dustXp) : value)
  // stableswap-ng's fee is dynamic: `fee * m / ((m - 1) * 4ab / (a + b)^2 + 1)` (m the off-peg multiplier) of
  // the coins' averaged balances before and after, a = (x_i + x_i') / 2 and b = (x_j + y) / 2; `fee` at a = b,
  // more as they part. Over every input up to this one a lies in [x_i, (x_i + x_i') / 2] and b in
  // [(x_j + y) / 2, x_j], so the fee is at least its value at that box's corner nearest to a = b (`fee` where
  // the ranges meet): a lower bound on the fee that only falls as the input grows, so the model (output at
  // that fee) stays an upper estimate and non-decreasing. Two 1e10 units off for the pool's floors, the box
  // widened by 1e-12 for the doubles' error. Other generations charge `fee`.
  const multiplier = snapshot.variant === 'ng' ? Number(snapshot.offpegFeeMultiplier ?? 0n) / 1e10 : 0
  const dynamicAt = (a: number, b: number) => (fee * multiplier) / (((multiplier - 1) * 4 * a * b) / ((a + b) * (a + b)) + 1)
  const leastSwapFee = (xi: number, xiAfter: number, xj: number, y: number): number => {
    if (!(multiplier > 1)) return fee
    const aLo = xi
    const aHi = ((xi + xiAfter) / 2) * (1 + 1e-12)
    const bLo = ((xj + y) / 2) * (1 - 1e-12)
    const bHi = xj
    const least = aHi < bLo ? dynamicAt(aHi, bLo) : aLo > bHi ? dynamicAt(aLo, bHi) : fee
    return Math.max(fee, least - 2e-10)
  }
  if (edge.action === 'swap') {
    // The curve is concave: no input pays more than its size at the marginal rate at zero, dy/dx =
    // (Ann + c/x_i) / (Ann + c/x_j).
    const tangent = ((Ann + c / xp[i]!) / (Ann + c / xp[j]!)) * (1 + 1e-9)
    return {
      kind: 'custom',
      quote: (amountIn) => {
        if (!(amountIn > 0) || !(D0 > 0)) return 0
        const linear = Number.isFinite(tangent) ? amountIn * scale[i]! * tangent * (1 - fee) : Infinity
        if (linear <= dustXp) return (linear + slack) / scale[j]!
        const xs = [...xp]
        xs[i] = xp[i]! + amountIn * scale[i]!
        const y = fSolveY(D0, amp, j, xs)
        const dy = Math.max(0, xp[j]! - y) * (1 - leastSwapFee(xp[i]!, xs[i]!, xp[j]!, y))
        return (capByTangent(dy, linear) + slack) / scale[j]!
      },
    }
  }
  if (edge.action === 'deposit') {
    return {
      kind: 'custom',
      quote: (amountIn) => {
        if (!(amountIn > 0) || !(D0 > 0) || !(supply > 0)) return 0
        // D is concave in the balances: a deposit raises it by at most its size times dD/dx_i.
        const linear = amountIn * scale[i]! * dDdx(i) * (1 + 1e-9)
        if (linear <= dustXp) return (supply * (linear + slack)) / D0
        const next = [...raw]
        next[i] = raw[i]! + amountIn
        // The invariant before the imbalance fees: the pool mints on D2, the invariant of the balances less
        // fees (D2 <= D1, D growing in every coin), so D1 bounds it and, unlike D2, never falls as the deposit
        // grows. D2 does fall once a deposit is thousands of times the pool: the fees charged on the other coins
        // then approach their balances (and the pool reverts past them); a model following D2 fell from 1.6e20 to
        // 2e16 there, and the search kept a larger arrival that the model then under-estimated.
        const D1 = fGetD(next.map((x, k) => x * scale[k]!), amp)
        return Math.max(0, (supply * (capByTangent(D1 - D0, linear) + slack)) / D0)
      },
    }
  }
  return {
    kind: 'custom',
    quote: (amountIn) => {
      if (!(amountIn > 0) || !(D0 > 0) || !(supply > 0)) return 0
      // D concave: lowering it by ΔD takes at least ΔD / (dD/dx_j) of coin j, so no more is paid.
      const linear = ((D0 * Math.min(amountIn, supply)) / supply / dDdx(j)) * (1 + 1e-9)
      if (linear <= dustXp) return (linear + slack) / scale[j]!
      const D1 = D0 * (1 - Math.min(amountIn, supply) / supply)
      const newY = fSolveY(D1, amp, j, xp)
      const reduced = xp.map((x, k) => x - imbalanceFee * (k === j ? (x * D1) / D0 - newY : x - (x * D1) / D0))
      const dy = Math.max(0, reduced[j]! - fSolveY(D1, amp, j, reduced))
      return (capByTangent(dy, linear) + slack) / scale[j]!
    },
  }
}
