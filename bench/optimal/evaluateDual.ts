import { arbitrageConcentratedPool } from './arbitrageConcentratedPool.js'
import { arbitrageWeightedPool } from './arbitrageWeightedPool.js'
import type { OptimalProblem, PoolArbitrage } from './types.js'

/** Parameters of {@link evaluateDual}. */
export type EvaluateDualParameters = {
  /** ν: price of one raw unit of every problem token, in raw units of tokenOut (ν[tokenOut] = 1). */
  prices: Float64Array
  /** Problem index of the input token, or −1 when it has no pool in the problem. */
  tokenIn: number
  /** amountIn as a float. */
  amountIn: number
  /** Pools to evaluate; the caller accounts for the others (see `solveOptimalRoute`). */
  pools: readonly number[]
}

/** One pool's subproblem result where it trades (value > 0). */
export type PoolTrade = PoolArbitrage & { pool: number }

/** Result of {@link evaluateDual}. */
export type EvaluateDualReturnType = {
  /** Dual value g(ν) = amountIn·ν_in + Σ_p f_p(ν), in float. */
  value: number
  /** Upper bound on the float error of `value` (see {@link evaluateDual}); `value + margin` is certified. */
  margin: number
  /** Σ_p ν·R_p over the evaluated pools (the scale of the margin's second term). */
  reserveValue: number
  /** ∂g/∂ν per token: amountIn·[token = in] + Σ_p (received − paid) at each pool's maximizer. */
  gradient: Float64Array
  /** The maximizers of the pools that trade. */
  trades: PoolTrade[]
}

/**
 * The dual function of "maximize the output of tokenOut from amountIn of tokenIn, every other net flow ≥ 0"
 * over constant-function pools with trading sets T_p (Angeris et al. 2022; Diamandis et al. 2023):
 *
 *   g(ν) = amountIn·ν_in + Σ_p sup { ν·(Λ_p − Δ_p) : (Δ_p, Λ_p) ∈ T_p },   ν ≥ 0, ν_out = 1.
 *
 * The first term is the objective's conjugate: with net flows Ψ (received minus paid), the utility is Ψ_out
 * when Ψ_in ≥ −amountIn and Ψ_j ≥ 0 elsewhere, so sup_Ψ (U(Ψ) − ν·Ψ) is amountIn·ν_in when ν ≥ 0 and ν_out ≥ 1
 * (+∞ otherwise), and g is homogeneous, so ν_out = 1. Weak duality: for any trades in the T_p,
 * Ψ_out ≤ Ψ_out + Σ_{j≠out} ν_j Ψ_j + amountIn·ν_in = amountIn·ν_in + Σ_p ν·(Λ_p − Δ_p) ≤ g(ν), so every g(ν)
 * bounds every routing's output.
 *
 * The margin covers float error: every subproblem value is a few dozen flops on its flows (|error| ≤ 1e-13 of
 * ν·(Δ + Λ) for the worst pool, the logarithms and sqrt of libm included), the sum of up to 10⁵ terms adds
 * ≤ 1e5·2⁻⁵³ ≈ 1e-11 of Σ|terms|, and the reserves and sqrt prices are rounded to float (≤ 2⁻⁵³ each). A pool
 * judged inside its fee band with prices off by that rounding (δ ≤ 1e-13) is worth at most about ν·R·δ² ≤
 * 1e-26·ν·R. The margin, 1e-9·(amountIn·ν_in + Σ_p ν·(Δ_p + Λ_p)) + 1e-20·Σ_p ν·R_p, is over 100× all of it
 * and well under 1e-4 bps of any bound the bench reports.
 *
 * Uniswap V2 pairs take a closed form inline (the two-token case of {@link arbitrageWeightedPool}: with
 * ρ = c0R0 / (γ c1R1) < 1 the pool sells R1(1 − √ρ) of token1 for R0(1/√ρ − 1)/γ of token0 and is worth
 * c1R1(1 − √ρ)²); the other pools call their subproblem.
 */
export function evaluateDual(problem: OptimalProblem, { prices, tokenIn, amountIn, pools }: EvaluateDualParameters): EvaluateDualReturnType {
  const gradient = new Float64Array(problem.tokens.length)
  const trades: PoolTrade[] = []
  const priceIn = tokenIn >= 0 ? prices[tokenIn]! : 0
  let value = amountIn * priceIn
  let flowValue = amountIn * priceIn
  let reserveValue = 0
  if (tokenIn >= 0) gradient[tokenIn] = amountIn
  const local: number[] = []
  for (const p of pools) {
    const model = problem.pools[p]!
    if (model.kind === 'weighted' && model.tokens.length === 2 && model.weights[0] === model.weights[1]) {
      const t0 = model.tokens[0]!
      const t1 = model.tokens[1]!
      const v0 = prices[t0]! * model.reserves[0]!
      const v1 = prices[t1]! * model.reserves[1]!
      reserveValue += v0 + v1
      const gamma = model.gamma
      if (!(v0 > 0) || !(v1 > 0)) {
        const result = arbitrageWeightedPool(model, { prices: [prices[t0]!, prices[t1]!] })
        if (result.value > 0) {
          value += result.value
          trades.push({ ...result, pool: p })
        }
        continue
      }
      // Sell token0 when γ·v1 > v0, token1 when γ·v0 > v1, else no trade.
      let sellIndex = -1
      let rho = 0
      if (gamma * v1 > v0) {
        sellIndex = 0
        rho = v0 / (gamma * v1)
      } else if (gamma * v0 > v1) {
        sellIndex = 1
        rho = v1 / (gamma * v0)
      }
      if (sellIndex < 0) continue
      const half = 0.5 * Math.log(rho)
      const [tIn, tOut, rIn, rOut, vOut] = sellIndex === 0 ? [t0, t1, model.reserves[0]!, model.reserves[1]!, v1] : [t1, t0, model.reserves[1]!, model.reserves[0]!, v0]
      const received = -rOut * Math.expm1(half)
      const paid = (rIn * Math.expm1(-half)) / gamma
      const root = Math.exp(half)
      const worth = vOut * (1 - root) * (1 - root)
      if (!(worth > 0)) continue
      value += worth
      gradient[tIn] = gradient[tIn]! - paid
      gradient[tOut] = gradient[tOut]! + received
      flowValue += prices[tIn]! * paid + prices[tOut]! * received
      trades.push(sellIndex === 0 ? { pool: p, value: worth, delta: [paid, 0], lambda: [0, received] } : { pool: p, value: worth, delta: [0, paid], lambda: [received, 0] })
      continue
    }
    local.length = model.tokens.length
    for (let k = 0; k < model.tokens.length; k++) local[k] = prices[model.tokens[k]!]!
    let result: PoolArbitrage
    if (model.kind === 'weighted') {
      result = arbitrageWeightedPool(model, { prices: local })
      for (let k = 0; k < model.tokens.length; k++) reserveValue += local[k]! * model.reserves[k]!
    } else {
      result = arbitrageConcentratedPool(model, { prices: local })
      // The value of the liquidity at the current price, both sides: a scale of what a price error can be worth.
      reserveValue += model.liquidity * (local[0]! / model.sqrtPrice + local[1]! * model.sqrtPrice)
    }
    if (!(result.value > 0)) continue
    value += result.value
    trades.push({ ...result, pool: p })
    for (let k = 0; k < model.tokens.length; k++) {
      const t = model.tokens[k]!
      gradient[t] = gradient[t]! + result.lambda[k]! - result.delta[k]!
      flowValue += local[k]! * (result.lambda[k]! + result.delta[k]!)
    }
  }
  return { value, margin: 1e-9 * flowValue + 1e-20 * reserveValue, reserveValue, gradient, trades }
}
