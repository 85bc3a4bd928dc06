import { InvalidRouteParametersError } from '../../src/errors/engine.js'
import { evaluateDual, type EvaluateDualReturnType } from './evaluateDual.js'
import { type ExactTrade, executeLegs } from './executeLegs.js'
import { type Leg, legsOfArbitrages } from './legsOfArbitrages.js'
import { marginalPrices } from './marginalPrices.js'
import { relaxPrice } from './relaxPrice.js'
import { type ObjectiveSample, minimizeLbfgs } from './minimizeLbfgs.js'
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
 * one, so a stationary point in u is the convex dual's minimum. Every evaluated ν gives a bound; the lowest,
 * plus its float margin, is reported. Primal routings come from the pools' subproblem maximizers at the current
 * ν, made feasible and evaluated exactly by {@link executeLegs}; the best marginal path is the first candidate.
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
  const budgetMs = parameters.budgetMs ?? 20_000
  const amountIn = Number(parameters.amountIn)
  const initial = marginalPrices(problem, { tokenOut: tOut })
  const base = initial.prices
  const connected = base[tIn]! > 0
  const dualOf = (prices: Float64Array, pools: readonly number[] = initial.pools): EvaluateDualReturnType =>
    evaluateDual(problem, { prices, tokenIn: connected ? tIn : -1, amountIn, pools })

  let bestBound = Infinity
  let bestPrices = base
  let best: { amountOut: bigint; trades: ExactTrade[]; legs: Leg[]; minOut: bigint } = { amountOut: 0n, trades: [], legs: [], minOut: 0n }
  const offer = (legs: Leg[], minOut = 0n): void => {
    if (!connected || legs.length === 0) return
    const run = executeLegs(problem, { legs, tokenIn: tIn, tokenOut: tOut, amountIn: parameters.amountIn, minOut })
    if (run.amountOut > best.amountOut) best = { ...run, legs, minOut }
  }
  // The subproblem flows split a trade into many legs; the smallest ones lose more to integer rounding than they
  // add (a leg giving 6 units loses up to 1/6), so the legs are also offered without those under 1e-4, 1e-3 and
  // 1e-2 of the trade's value and without those giving under 10³, 10⁴ and 10⁵ units.
  const offerTrades = (trades: EvaluateDualReturnType['trades'], prices: Float64Array): void => {
    const legs = legsOfArbitrages(problem, { trades, prices })
    offer(legs)
    for (const [share, minOut] of [[1e-4, 1_000n], [1e-3, 10_000n], [1e-2, 100_000n]] as const) {
      const floor = share * amountIn * prices[tIn]!
      offer(legs.filter((l) => l.weight * prices[l.from]! >= floor), minOut)
    }
  }
  // Small routings only: coordinate search on the legs' weights (×2^±1, ×1.25^±1, ×1.1^±1 per leg while the
  // exact output grows, 400 tries at most). It recovers what the repair's proportional split loses where
  // sequential pairwise swaps stand in for one multi-token trade of a Balancer pool.
  const polish = (): void => {
    let tries = 0
    for (const factor of [2, 1.25, 1.1]) {
      for (let improved = true; improved && tries < 400 && performance.now() - start < budgetMs; tries += 2 * best.legs.length) {
        improved = false
        for (let k = 0; k < best.legs.length; k++)
          for (const f of [factor, 1 / factor]) {
            const before = best.amountOut
            offer(best.legs.map((l, i) => (i === k ? { ...l, weight: l.weight * f } : l)), best.minOut)
            if (best.amountOut > before) improved = true
          }
      }
    }
  }
  const record = (prices: Float64Array, dual: EvaluateDualReturnType): void => {
    const bound = Math.floor(dual.value + dual.margin)
    if (bound < bestBound) {
      bestBound = bound
      bestPrices = prices
    }
  }
  const pinned = (): boolean => bestBound - Number(best.amountOut) <= tolerance * bestBound

  // Start: the best marginal prices, and the best marginal path as the first routing.
  const dual0 = dualOf(base)
  record(base, dual0)
  const path: Leg[] = []
  for (let t = tIn, hops = 0; connected && t !== tOut; hops++) {
    // A graph with arbitrage may leave the chain cyclic or broken: then there is no marginal path to offer.
    if (initial.nextPool[t]! < 0 || hops >= problem.tokens.length) {
      path.length = 0
      break
    }
    path.push({ pool: initial.nextPool[t]!, from: t, to: initial.nextToken[t]!, weight: 1 })
    t = initial.nextToken[t]!
  }
  offer(path)
  offerTrades(dual0.trades, base)

  let iterations = 0
  let evaluations = 1
  if (connected && !pinned()) {
    const variables = [...new Set(initial.pools.flatMap((p) => problem.pools[p]!.tokens))].filter((t) => t !== tOut)
    const scale = amountIn * base[tIn]!
    const duals = new WeakMap<ObjectiveSample, { prices: Float64Array; dual: EvaluateDualReturnType }>()
    // A pool whose tokens all keep their starting price has its starting value; the pools worth nothing there
    // (all of them on a graph without arbitrage) are evaluated only once a price of theirs moves. Exact: the
    // skipped pools add 0 to the value and the gradient, and their share of the margin is counted at the start.
    const alwaysPools = dual0.trades.map((t) => t.pool)
    const stamp = new Int32Array(problem.pools.length)
    let round = 0
    const poolsMoved = (u: Float64Array): number[] => {
      round++
      const pools: number[] = []
      for (const p of alwaysPools) {
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
    const pricesOf = (u: Float64Array): Float64Array => {
      const prices = Float64Array.from(base)
      variables.forEach((t, k) => (prices[t] = base[t]! * Math.exp(u[k]!)))
      return prices
    }
    let nextCheck = 5
    let u = new Float64Array(variables.length)
    const maxIterations = parameters.maxIterations ?? 3_000
    // Rounds: L-BFGS until it stops, then exact minimization along the prices of the 20 tokens whose net flow
    // is furthest from balance (valued at the starting prices), then L-BFGS again from there (see relaxPrice).
    for (let roundNo = 0; roundNo < 6 && iterations < maxIterations && !pinned() && performance.now() - start < budgetMs; roundNo++) {
      const run = minimizeLbfgs(
        {
          objective: (x) => {
            const prices = pricesOf(x)
            const moved = dualOf(prices, poolsMoved(x))
            const dual = { ...moved, margin: moved.margin + 1e-20 * dual0.reserveValue }
            record(prices, dual)
            const sample: ObjectiveSample = { value: dual.value / scale, gradient: Float64Array.from(variables, (t) => (prices[t]! * dual.gradient[t]!) / scale) }
            duals.set(sample, { prices, dual })
            return sample
          },
        },
        {
          x0: u,
          maxIterations: maxIterations - iterations,
          memory: parameters.memory ?? 64,
          firstStep: Math.min(1e-2, Math.max(1e-9, amountIn / Math.max(1, deepestReserve(problem, tIn)))),
          onIteration: ({ iteration, sample }) => {
            const total = iterations + iteration
            if (total < nextCheck && performance.now() - start < budgetMs) return false
            nextCheck = total + Math.max(5, Math.floor(total / 4))
            const at = duals.get(sample)!
            offerTrades(at.dual.trades, at.prices)
            parameters.onCheck?.({ iteration: total, upperBound: BigInt(bestBound), achievable: best.amountOut, ms: performance.now() - start })
            return pinned() || performance.now() - start > budgetMs
          },
        },
      )
      iterations += run.iterations
      evaluations += run.evaluations
      u = Float64Array.from(run.x)
      const last = duals.get(run.sample)
      if (last === undefined) break
      offerTrades(last.dual.trades, last.prices)
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
  if (connected && !pinned() && best.legs.length > 1 && best.legs.length <= 40) polish()
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
