import { type EvaluateDualReturnType, evaluateDual } from './evaluateDual.js'
import type { ObjectiveSample } from './minimizeLbfgs.js'
import type { OptimalProblem } from './types.js'

/** Parameters of {@link createLogPriceObjective}. */
export type CreateLogPriceObjectiveParameters = {
  /** ν₀ (the starting prices); ν = ν₀·e^u on `variables`, ν₀ elsewhere. */
  base: Float64Array
  /** Problem token indices of u's coordinates. */
  variables: readonly number[]
  /** As in `evaluateDual`. */
  tokenIn: number
  amountIn: number
  /** The dual at ν₀ over every pool of the component. */
  start: EvaluateDualReturnType
  /** Called with every evaluated point (each one gives a bound). */
  onEvaluate: (prices: Float64Array, dual: EvaluateDualReturnType) => void
}

/** Result of {@link createLogPriceObjective}. */
export type CreateLogPriceObjectiveReturnType = {
  /** g(ν₀·e^u) ÷ (amountIn·ν₀_in) and its gradient in u, for `minimizeLbfgs`. */
  objective: (u: Float64Array) => ObjectiveSample
  /** The prices and dual behind a sample the objective returned. */
  dualOf: (sample: ObjectiveSample) => { prices: Float64Array; dual: EvaluateDualReturnType } | undefined
}

/**
 * The dual as a function of log-price moves u, scaled by the starting bound so the minimizer sees values near 1:
 * ∂/∂u_j = ν_j·∂g/∂ν_j. A pool whose tokens all keep their starting price keeps its starting value, so only the
 * pools that traded at ν₀ (none on a graph without arbitrage) and the pools of tokens whose u is not 0 are
 * evaluated. Exact: the skipped pools add 0 to the value and the gradient; their share of the margin (1e-20·ν·R)
 * is added from the start.
 *
 * @returns the objective and a way back from a sample to its prices and dual
 */
export function createLogPriceObjective(problem: OptimalProblem, parameters: CreateLogPriceObjectiveParameters): CreateLogPriceObjectiveReturnType {
  const { base, variables, tokenIn, amountIn, start, onEvaluate } = parameters
  const scale = amountIn * base[tokenIn]!
  const always = start.trades.map((t) => t.pool)
  const stamp = new Int32Array(problem.pools.length)
  let round = 0
  const poolsMoved = (u: Float64Array): number[] => {
    round++
    const pools: number[] = []
    for (const p of always) {
      stamp[p] = round
      pools.push(p)
    }
    variables.forEach((t, k) => {
      if (u[k] === 0) return
      for (const p of problem.poolsOfToken[t]!)
        if (stamp[p] !== round) {
          stamp[p] = round
          pools.push(p)
        }
    })
    return pools
  }
  const samples = new WeakMap<ObjectiveSample, { prices: Float64Array; dual: EvaluateDualReturnType }>()
  const objective = (u: Float64Array): ObjectiveSample => {
    const prices = Float64Array.from(base)
    variables.forEach((t, k) => (prices[t] = base[t]! * Math.exp(u[k]!)))
    const moved = evaluateDual(problem, { prices, tokenIn, amountIn, pools: poolsMoved(u) })
    const dual = { ...moved, margin: moved.margin + 1e-20 * start.reserveValue }
    onEvaluate(prices, dual)
    const sample: ObjectiveSample = { value: dual.value / scale, gradient: Float64Array.from(variables, (t) => (prices[t]! * dual.gradient[t]!) / scale) }
    samples.set(sample, { prices, dual })
    return sample
  }
  return { objective, dualOf: (sample) => samples.get(sample) }
}
