/**
 * Curve StableSwap integer math in bigint, operation by operation as the pool computes it, so every
 * rounding matches: `get_D` and `get_y`/`get_y_D` Newton iterations with `Ann = A * N`, rates
 * `10^(36 - decimals)`, fees in 1e10 units. Two generations: the 3pool's (A as is) and the ETH/stETH
 * pool's ({@link StableSwapMathVariant} `steth`: A stored times `A_PRECISION` = 100, `get_D` dividing by
 * `x * N + 1`, raising when it does not converge). Where the pool's uint256 arithmetic would revert
 * (underflow, division by zero) these functions throw {@link CurveMathRevert}.
 */

/**
 * Which generation's math: undefined is the 3pool's; `steth` the ETH/stETH pool's; `meta` the 2020
 * metapool template's (A times 100 as steth, but `get_D` dividing by `x * N` and never raising, as the 3pool);
 * `ng` stableswap-ng's (A times 100; its own `get_D` and raising `get_y` are in `ngMath.ts`).
 */
export type StableSwapMathVariant = 'steth' | 'meta' | 'ng' | undefined

/** `A_PRECISION` of a generation (1 where A is stored as is). */
export function aPrecisionOf(variant: StableSwapMathVariant): bigint {
  return variant === 'steth' || variant === 'meta' || variant === 'ng' ? 100n : 1n
}

/** `FEE_DENOMINATOR`: fees are fractions of 1e10. */
export const FEE_DENOMINATOR = 10n ** 10n
/** `PRECISION` / `LENDING_PRECISION`. */
export const PRECISION = 10n ** 18n

/** Where the Vyper pool reverts (checked arithmetic, bounds, asserts). */
export class CurveMathRevert extends Error {
  override name = 'CurveMathRevert'
}

/** Checked uint256 subtraction, as Vyper's. */
export function sub(a: bigint, b: bigint): bigint {
  if (b > a) throw new CurveMathRevert('underflow')
  return a - b
}

/** Floor division that reverts on a zero divisor, as Vyper's. */
export function div(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new CurveMathRevert('division by zero')
  return a / b
}

/** The A ramp as the pool stores it (`initial_A`, `future_A`, `initial_A_time`, `future_A_time`). */
export type AmpRamp = { initialA: bigint; futureA: bigint; initialATime: bigint; futureATime: bigint }

/** `_A()`: A at `timestamp`, linear between the ramp's ends while it runs, else `future_A`. */
export function ampAt(ramp: AmpRamp, timestamp: bigint): bigint {
  const { initialA: A0, futureA: A1, initialATime: t0, futureATime: t1 } = ramp
  if (timestamp < t1) {
    if (A1 > A0) return A0 + div((A1 - A0) * sub(timestamp, t0), sub(t1, t0))
    return sub(A0, div((A0 - A1) * sub(timestamp, t0), sub(t1, t0)))
  }
  return A1
}

/** `_xp_mem`: balances scaled to 18 decimals by the rates. */
export function xpOf(balances: readonly bigint[], rates: readonly bigint[]): bigint[] {
  return balances.map((b, i) => (rates[i]! * b) / PRECISION)
}

/** `get_D(xp, amp)`: the invariant, 255 Newton steps at most, stopping within 1 (`amp` as the pool stores it). */
export function getD(xp: readonly bigint[], amp: bigint, variant?: StableSwapMathVariant): bigint {
  const n = BigInt(xp.length)
  const aP = aPrecisionOf(variant)
  const plusOne = variant === 'steth' ? 1n : 0n
  let S = 0n
  for (const x of xp) S += x
  if (S === 0n) return 0n
  let D = S
  const Ann = amp * n
  // The loop's invariants, hoisted (the same integer operations as the pool's, in the same order): each
  // coin's divisor, checked for zero once as `div` would on the first step, `Ann * S / A_PRECISION`, `Ann - A_PRECISION`.
  const divisors = xp.map((x) => x * n + plusOne)
  if (divisors.includes(0n)) throw new CurveMathRevert('division by zero')
  const annS = div(Ann * S, aP)
  const annLess = sub(Ann, aP)
  const n1 = n + 1n
  for (let it = 0; it < 255; it++) {
    let DP = D
    for (const d of divisors) DP = (DP * D) / d
    const Dprev = D
    const denominator = (annLess * D) / aP + n1 * DP
    if (denominator === 0n) throw new CurveMathRevert('division by zero')
    D = ((annS + DP * n) * D) / denominator
    if (D > Dprev ? D - Dprev <= 1n : Dprev - D <= 1n) return D
  }
  if (variant === 'steth') throw new CurveMathRevert('get_D did not converge')
  return D
}

/**
 * The quadratic both `get_y` and `get_y_D` solve: coin `j`'s balance at invariant `D` with every other
 * coin `k` at `xs[k]` (in index order, as the pool's loop adds them).
 */
export function solveY(p: { D: bigint; amp: bigint; j: number; xs: readonly bigint[]; variant?: StableSwapMathVariant }): bigint {
  const { y, converged } = iterateY(p)
  if (!converged && p.variant === 'steth') throw new CurveMathRevert('get_y did not converge')
  return y
}

/** {@link solveY}'s Newton iteration, saying whether it stopped within 1 (the 3pool returns y either way). */
export function iterateY(p: { D: bigint; amp: bigint; j: number; xs: readonly bigint[]; variant?: StableSwapMathVariant }): { y: bigint; converged: boolean } {
  const { D, amp, j, xs } = p
  const n = BigInt(xs.length)
  const aP = aPrecisionOf(p.variant)
  const Ann = amp * n
  let c = D
  let S = 0n
  xs.forEach((x, k) => {
    if (k === j) return
    S += x
    c = div(c * D, x * n)
  })
  c = div(c * D * aP, Ann * n)
  const b = S + div(D * aP, Ann)
  let y = D
  for (let it = 0; it < 255; it++) {
    const yPrev = y
    y = div(y * y + c, sub(2n * y + b, D))
    if (y > yPrev ? y - yPrev <= 1n : yPrev - y <= 1n) return { y, converged: true }
  }
  return { y, converged: false }
}

/** `get_y(i, j, x, xp)`: coin `j`'s balance after coin `i` moves to `x`, the invariant kept. */
export function getY(p: { i: number; j: number; x: bigint; xp: readonly bigint[]; amp: bigint; variant?: StableSwapMathVariant }): bigint {
  if (p.i === p.j) throw new CurveMathRevert('same coin')
  const D = getD(p.xp, p.amp, p.variant)
  const xs = [...p.xp]
  xs[p.i] = p.x
  return solveY({ D, amp: p.amp, j: p.j, xs, variant: p.variant })
}
