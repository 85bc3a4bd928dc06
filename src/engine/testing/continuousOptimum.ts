/**
 * Test support: the exact optimum of splitting an amount over independent paths of constant-product pools,
 * in closed form — the reference findSplitRoute's results are checked against.
 */

/** A path's continuous output `K x / (M + L x)` for input `x`. */
export type PathShape = { K: number; M: number; L: number }

/**
 * Optimum of splitting `amountIn` over independent paths whose continuous output is `K x / (M + L x)`
 * (one constant-product pool: K = γ·reserveOut, M = reserveIn, L = γ; two in a row compose to the same
 * form). Marginal rates equalise: `M + L x = sqrt(K M) t` on the paths in use. Exact outputs are floors
 * of these, so `max` bounds every integer split from above; `at` is the continuous allocation.
 */
export function continuousOptimum(paths: PathShape[], amountIn: number): { max: number; at: number[] } {
  let active = paths.map(() => true)
  for (;;) {
    let num = amountIn
    let den = 0
    paths.forEach((p, i) => {
      if (!active[i]) return
      num += p.M / p.L
      den += Math.sqrt(p.K * p.M) / p.L
    })
    const t = num / den
    const at = paths.map((p, i) => (active[i] ? (Math.sqrt(p.K * p.M) * t - p.M) / p.L : 0))
    if (at.every((x) => x >= 0)) return { max: paths.reduce((s, p, i) => s + (p.K * at[i]!) / (p.M + p.L * at[i]!), 0), at }
    active = active.map((a, i) => a && at[i]! > 0)
  }
}
