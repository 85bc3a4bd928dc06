import type { PoolArbitrage, WeightedModel } from './types.js'

/** Parameters of {@link arbitrageWeightedPool}. */
export type ArbitrageWeightedPoolParameters = {
  /** Price of one raw unit of each pool token (index-aligned with `model.tokens`), ≥ 0. */
  prices: readonly number[]
}

/**
 * Arbitrage subproblem of a weighted-product pool (Uniswap V2 pair, Balancer weighted pool) at prices c:
 * `sup c·(Λ − Δ)` over `Π (R_i + γΔ_i − Λ_i)^w_i ≥ Π R_i^w_i`, Δ, Λ ≥ 0, in closed form.
 *
 * With r_i = R_i + γΔ_i − Λ_i the objective is Σ h_i(r_i), h_i concave with slope −c_i/γ above R_i and −c_i
 * below, under one constraint Σ w_i log r_i ≥ Σ w_i log R_i. For a multiplier λ = e^t each coordinate solves
 * on its own: r_i = λw_i/c_i (withdraw) when t < Tw_i = log(c_iR_i/w_i), r_i = λw_iγ/c_i (deposit) when
 * t > Td_i = Tw_i − log γ, else r_i = R_i. The constraint is then piecewise linear and non-decreasing in t,
 * so its root is found among the 2N breakpoints and solved on its segment: t* is the w-weighted mean of the
 * active breakpoints. No trade when max Tw ≤ min Td (the prices sit inside the fee band).
 *
 * A token priced 0 can be deposited for free, so the pool is drained: value Σ c_j R_j, Δ = ∞ for that token.
 *
 * @example
 * // V2 pair 1000:1000, 0.3% fee, token1 worth twice token0 in the pool's terms: sell token0.
 * arbitrageWeightedPool({ kind: 'weighted', tokens: [0, 1], reserves: [1000, 1000], weights: [0.5, 0.5], gamma: 0.997 }, { prices: [1, 2] })
 * @returns the optimal value and one maximizer (amounts paid in and received, per pool token)
 */
export function arbitrageWeightedPool(model: WeightedModel, { prices }: ArbitrageWeightedPoolParameters): PoolArbitrage {
  const n = model.tokens.length
  const delta = new Array<number>(n).fill(0)
  const lambda = new Array<number>(n).fill(0)
  const logGamma = Math.log(model.gamma)
  const tw = new Array<number>(n)
  let free = false
  for (let i = 0; i < n; i++) {
    const c = prices[i]!
    if (!(c > 0)) free = true
    tw[i] = Math.log((c * model.reserves[i]!) / model.weights[i]!)
  }
  if (free) return drain(model, prices, delta, lambda)
  let maxTw = -Infinity
  let minTd = Infinity
  for (let i = 0; i < n; i++) {
    maxTw = Math.max(maxTw, tw[i]!)
    minTd = Math.min(minTd, tw[i]! - logGamma)
  }
  if (!(maxTw > minTd)) return { value: 0, delta, lambda }
  // F(t) = Σ w_i (min(0, t − Tw_i) + max(0, t − Td_i)); find the segment of its root among the breakpoints.
  const breaks: number[] = []
  for (let i = 0; i < n; i++) breaks.push(tw[i]!, tw[i]! - logGamma)
  breaks.sort((a, b) => a - b)
  const f = (t: number): number => {
    let s = 0
    for (let i = 0; i < n; i++) {
      const w = model.weights[i]!
      if (t < tw[i]!) s += w * (t - tw[i]!)
      else if (t > tw[i]! - logGamma) s += w * (t - (tw[i]! - logGamma))
    }
    return s
  }
  let k = 0
  while (k < breaks.length - 1 && f(breaks[k]!) < 0) k++
  // The root lies in [breaks[k−1], breaks[k]]; the active set is constant inside it (its midpoint decides).
  const lo = k === 0 ? breaks[0]! - 1 : breaks[k - 1]!
  const mid = (lo + breaks[k]!) / 2
  let weightSum = 0
  let weighted = 0
  for (let i = 0; i < n; i++) {
    const w = model.weights[i]!
    if (mid < tw[i]!) {
      weightSum += w
      weighted += w * tw[i]!
    } else if (mid > tw[i]! - logGamma) {
      weightSum += w
      weighted += w * (tw[i]! - logGamma)
    }
  }
  const t = weighted / weightSum
  let value = 0
  for (let i = 0; i < n; i++) {
    const c = prices[i]!
    if (mid < tw[i]!) {
      lambda[i] = -model.reserves[i]! * Math.expm1(Math.min(0, t - tw[i]!))
      value += c * lambda[i]!
    } else if (mid > tw[i]! - logGamma) {
      delta[i] = (model.reserves[i]! * Math.expm1(Math.max(0, t - (tw[i]! - logGamma)))) / model.gamma
      value -= c * delta[i]!
    }
  }
  if (!(value > 0)) return { value: 0, delta: delta.fill(0), lambda: lambda.fill(0) }
  return { value, delta, lambda }
}

function drain(model: WeightedModel, prices: readonly number[], delta: number[], lambda: number[]): PoolArbitrage {
  let value = 0
  for (let i = 0; i < model.tokens.length; i++) {
    if (prices[i]! > 0) {
      lambda[i] = model.reserves[i]!
      value += prices[i]! * model.reserves[i]!
    } else delta[i] = Infinity
  }
  return { value, delta, lambda }
}
