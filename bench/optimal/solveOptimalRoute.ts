import { InvalidRouteParametersError } from '../../src/errors/engine.js'
import { createLogPriceObjective } from './createLogPriceObjective.js'
import { createRoutingCandidates } from './createRoutingCandidates.js'
import { type EvaluateDualReturnType, evaluateDual } from './evaluateDual.js'
import type { ExactTrade } from './executeLegs.js'
import type { Leg } from './legsOfArbitrages.js'
import { type MarginalPricesReturnType, marginalPrices } from './marginalPrices.js'
import { minimizeLbfgs } from './minimizeLbfgs.js'
import { relaxPrice } from './relaxPrice.js'
import type { OptimalProblem } from './types.js'

export type SolveOptimalRouteErrorType = InvalidRouteParametersError

/** Parameters of {@link solveOptimalRoute}. */
export type SolveOptimalRouteParameters = {
  tokenIn: string
  tokenOut: string
  amountIn: bigint
  /** Stop once (bound − achievable) ≤ tolerance × bound. Default 1e-5 (0.1 bps). */
  tolerance?: number | undefined
  /** L-BFGS iterations at most. Default 3,000. */
  maxIterations?: number | undefined
  /** L-BFGS memory (curvature pairs). Default 64. */
  memory?: number | undefined
  /** Wall-clock budget (ms) after which the best pair so far is returned. Default 20,000. */
  budgetMs?: number | undefined
  /** Called at every primal check with the pin so far (for progress logs). */
  onCheck?: ((state: { iteration: number; upperBound: bigint; achievable: bigint; ms: number }) => void) | undefined
}

/** Result of {@link solveOptimalRoute}: the optimum is pinned in [achievable, upperBound]. */
export type SolveOptimalRouteReturnType = {
  /**
   * Certified upper bound on the output of any routing through the modelled pools, raw units: the floor of the
   * lowest dual value plus its float margin (every routing's output is a sum of whole units).
   */
  upperBound: bigint
  /** Exact output of `trades` (raw units). */
  achievable: bigint
  /** The achievable routing, in execution order. */
  trades: ExactTrade[]
  /** (upperBound − achievable) / upperBound in bps (0 when both are 0). */
  gapBps: number
  /** The dual prices of the best bound: value of one raw unit of each problem token in raw units of tokenOut. */
  prices: Float64Array
  iterations: number
  evaluations: number
  /** Wall time of the whole solve (ms). */
  ms: number
  /** False when the marginal rates have a cycle above 1 (the graph holds arbitrage; the pin is then looser). */
  arbitrageFree: boolean
}

/**
 * Optimal routing reference (issue 29): pins the best output any routing (any split and chaining across all
 * modelled pools, gas ignored) can get for `amountIn` of tokenIn between a certified upper bound and an
 * exactly evaluated routing. Minimizes the dual {@link evaluateDual} over ν = ν₀·e^u by L-BFGS on u (ν₀: the
 * best marginal rates, {@link marginalPrices}), which keeps ν > 0 with no projection and makes the variables
 * relative price moves (tokens' raw-unit prices span 60 orders of magnitude); e^u maps the open orthant one to
 * one, so a stationary point in u is the convex dual's minimum ({@link createLogPriceObjective}); between L-BFGS
 * rounds the most unbalanced tokens get an exact line minimization along their own price ({@link relaxPrice}).
 * Every evaluated ν gives a bound; the lowest, plus its float margin, floored to a whole unit, is reported.
 * Routings come from the pools' subproblem maximizers at the current ν, made feasible and evaluated exactly
 * ({@link createRoutingCandidates}); the best marginal path is the first candidate. Stops once pinned within
 * `tolerance`, at `maxIterations` or at `budgetMs`.
 *
 * @example
 * const { upperBound, achievable } = solveOptimalRoute(buildOptimalProblem(snapshot), { tokenIn, tokenOut, amountIn: 10n ** 18n })
 * @throws {SolveOptimalRouteErrorType} when a token is unknown, the tokens are equal or the amount is not positive
 */
export function solveOptimalRoute(problem: OptimalProblem, parameters: SolveOptimalRouteParameters): SolveOptimalRouteReturnType {
  const start = performance.now()
  const tIn = problem.tokenIndex.get(parameters.tokenIn.toLowerCase())
  const tOut = problem.tokenIndex.get(parameters.tokenOut.toLowerCase())
  if (tIn === undefined || tOut === undefined) throw new InvalidRouteParametersError({ reason: `token ${tIn === undefined ? parameters.tokenIn : parameters.tokenOut} has no modelled pool` })
  if (tIn === tOut) throw new InvalidRouteParametersError({ reason: 'tokenIn equals tokenOut' })
  if (parameters.amountIn <= 0n) throw new InvalidRouteParametersError({ reason: 'amountIn must be positive' })
  const tolerance = parameters.tolerance ?? 1e-5
  const deadline = start + (parameters.budgetMs ?? 20_000)
  const maxIterations = parameters.maxIterations ?? 3_000
  const amountIn = Number(parameters.amountIn)
  const initial = marginalPrices(problem, { tokenOut: tOut })
  const base = initial.prices
  const connected = base[tIn]! > 0
  const candidates = createRoutingCandidates(problem, { tokenIn: tIn, tokenOut: tOut, amountIn: parameters.amountIn })
  let bestBound = Infinity
  let bestPrices = base
  const record = (prices: Float64Array, dual: EvaluateDualReturnType): void => {
    const bound = Math.floor(dual.value + dual.margin)
    if (bound < bestBound) [bestBound, bestPrices] = [bound, prices]
  }
  const pinned = (): boolean => bestBound - Number(candidates.best().amountOut) <= tolerance * bestBound

  // Start: the best marginal prices, and the best marginal path as the first routing.
  const dual0 = evaluateDual(problem, { prices: base, tokenIn: connected ? tIn : -1, amountIn, pools: initial.pools })
  record(base, dual0)
  if (connected) {
    candidates.offer(marginalPath(problem, { initial, tokenIn: tIn, tokenOut: tOut }))
    candidates.offerTrades(dual0.trades, base)
  }
  let iterations = 0
  let evaluations = 1
  if (connected && !pinned()) {
    const variables = [...new Set(initial.pools.flatMap((p) => problem.pools[p]!.tokens))].filter((t) => t !== tOut)
    const { objective, dualOf } = createLogPriceObjective(problem, { base, variables, tokenIn: tIn, amountIn, start: dual0, onEvaluate: record })
    let nextCheck = 5
    let u = new Float64Array(variables.length)
    // Rounds: L-BFGS until it stops, then exact minimization along the prices of the 20 tokens whose net flow
    // is furthest from balance (valued at the starting prices), then L-BFGS again from there (see relaxPrice).
    for (let round = 0; round < 6 && iterations < maxIterations && !pinned() && performance.now() < deadline; round++) {
      const run = minimizeLbfgs(
        { objective },
        {
          x0: u,
          maxIterations: maxIterations - iterations,
          memory: parameters.memory ?? 64,
          firstStep: Math.min(1e-2, Math.max(1e-9, amountIn / Math.max(1, deepestReserve(problem, tIn)))),
          onIteration: ({ iteration, sample }) => {
            const total = iterations + iteration
            if (total < nextCheck && performance.now() < deadline) return false
            nextCheck = total + Math.max(5, Math.floor(total / 4))
            const at = dualOf(sample)!
            candidates.offerTrades(at.dual.trades, at.prices)
            parameters.onCheck?.({ iteration: total, upperBound: BigInt(bestBound), achievable: candidates.best().amountOut, ms: performance.now() - start })
            return pinned() || performance.now() > deadline
          },
        },
      )
      iterations += run.iterations
      evaluations += run.evaluations
      u = Float64Array.from(run.x)
      const last = dualOf(run.sample)
      if (last === undefined) break
      candidates.offerTrades(last.dual.trades, last.prices)
      if (pinned() || run.reason === 'callback' || run.reason === 'maxIterations') break
      const prices = Float64Array.from(last.prices)
      const worst = variables
        .map((t, k) => ({ t, k, off: Math.abs(last.dual.gradient[t]!) * base[t]! }))
        .sort((a, b) => b.off - a.off)
        .slice(0, 20)
      for (const { t, k } of worst) {
        prices[t] = relaxPrice(problem, { prices, token: t, tokenIn: tIn, amountIn })
        u[k] = Math.log(prices[t]! / base[t]!)
      }
    }
  }
  const legs = candidates.best().legs.length
  if (connected && !pinned() && legs > 1 && legs <= 40) candidates.polish(deadline)
  const best = candidates.best()
  const achievable = Number(best.amountOut)
  return {
    upperBound: BigInt(bestBound),
    achievable: best.amountOut,
    trades: best.trades,
    gapBps: bestBound > 0 ? ((bestBound - achievable) / bestBound) * 1e4 : 0,
    prices: bestPrices,
    iterations,
    evaluations,
    ms: performance.now() - start,
    arbitrageFree: initial.settled,
  }
}

/** The best marginal path of tokenIn as legs, or none when a graph with arbitrage leaves the chain cyclic or broken. */
function marginalPath(problem: OptimalProblem, { initial, tokenIn, tokenOut }: { initial: MarginalPricesReturnType; tokenIn: number; tokenOut: number }): Leg[] {
  const path: Leg[] = []
  for (let t = tokenIn; t !== tokenOut; ) {
    if (initial.nextPool[t]! < 0 || path.length >= problem.tokens.length) return []
    path.push({ pool: initial.nextPool[t]!, from: t, to: initial.nextToken[t]!, weight: 1 })
    t = initial.nextToken[t]!
  }
  return path
}

/** The largest reserve of `token` in any weighted pool (a scale for the first step), or 0. */
function deepestReserve(problem: OptimalProblem, token: number): number {
  let deepest = 0
  for (const p of problem.poolsOfToken[token]!) {
    const model = problem.pools[p]!
    if (model.kind === 'weighted') deepest = Math.max(deepest, model.reserves[model.tokens.indexOf(token)]!)
    else deepest = Math.max(deepest, token === model.tokens[0] ? model.liquidity / model.sqrtPrice : model.liquidity * model.sqrtPrice)
  }
  return deepest
}
