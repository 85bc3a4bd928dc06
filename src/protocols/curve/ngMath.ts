import { CurveMathRevert, div, iterateY, sub } from './stableSwapMath.js'

/**
 * stableswap-ng's invariant solvers in bigint (`A_PRECISION` = 100, `amp` as `_A()` returns it), step
 * by step as the pool computes them; both raise (throw {@link CurveMathRevert}) when 255 Newton steps do
 * not bring two iterates within 1, as the pool does.
 */

/** `get_D(xp, amp)`: `D_P` multiplied by `D / x` coin by coin, then divided by `N**N` once. */
export function getDNg(xp: readonly bigint[], amp: bigint): bigint {
  const n = BigInt(xp.length)
  let S = 0n
  for (const x of xp) S += x
  if (S === 0n) return 0n
  const Ann = amp * n
  const nn = n ** n
  let D = S
  for (let it = 0; it < 255; it++) {
    let DP = D
    for (const x of xp) DP = div(DP * D, x)
    DP /= nn
    const Dprev = D
    D = div((div(Ann * S, 100n) + DP * n) * D, div(sub(Ann, 100n) * D, 100n) + (n + 1n) * DP)
    if (D > Dprev ? D - Dprev <= 1n : Dprev - D <= 1n) return D
  }
  throw new CurveMathRevert('get_D did not converge')
}

/**
 * The quadratic `get_y` and `get_y_D` solve: coin `j`'s balance at invariant `D`, every other coin `k` at
 * `xs[k]` (added in index order, as the pool's loop adds them). The same iteration as the other
 * generations' ({@link iterateY}, `A_PRECISION` 100); stableswap-ng raises when it does not converge.
 */
export function solveYNg(p: { D: bigint; amp: bigint; j: number; xs: readonly bigint[] }): bigint {
  const { y, converged } = iterateY({ ...p, variant: 'ng' })
  if (!converged) throw new CurveMathRevert('get_y did not converge')
  return y
}
