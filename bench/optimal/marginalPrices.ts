import type { OptimalProblem, PoolModel } from './types.js'

/** Parameters of {@link marginalPrices}. */
export type MarginalPricesParameters = {
  /** Problem index of the token prices are expressed in. */
  tokenOut: number
  /** Relaxation passes at most (a graph with arbitrage cycles never settles). Default: the token count. */
  maxPasses?: number | undefined
}

/** Result of {@link marginalPrices}. */
export type MarginalPricesReturnType = {
  /** Best marginal rate of one raw unit of each token into tokenOut (0 outside tokenOut's component). */
  prices: Float64Array
  /** For each token, the pool and next token of its best marginal path (−1 at tokenOut or when unpriced). */
  nextPool: Int32Array
  nextToken: Int32Array
  /** Pools of tokenOut's component. */
  pools: number[]
  /** False when a cycle of marginal rates above 1 exists: relaxation did not settle within `maxPasses`, or one passes through tokenOut. */
  settled: boolean
}

/** Directed marginal rates of a pool at zero size: (from, to, raw units of `to` per raw unit of `from`, net of fee). */
export function marginalRatesOf(model: PoolModel): { from: number; to: number; rate: number }[] {
  const rates: { from: number; to: number; rate: number }[] = []
  if (model.kind === 'weighted') {
    for (let i = 0; i < model.tokens.length; i++)
      for (let j = 0; j < model.tokens.length; j++)
        if (i !== j) rates.push({ from: model.tokens[i]!, to: model.tokens[j]!, rate: (model.gamma * (model.reserves[j]! / model.weights[j]!)) / (model.reserves[i]! / model.weights[i]!) })
    return rates
  }
  // The first price with liquidity in each direction (the current one when the range is live).
  const firstLive = (ticks: { sqrtPrice: number; liquidityNet: number }[], sign: number): number | undefined => {
    if (model.liquidity > 0) return model.sqrtPrice
    let liquidity = model.liquidity
    for (const t of ticks) {
      liquidity += sign * t.liquidityNet
      if (liquidity > 0) return t.sqrtPrice
    }
    return undefined
  }
  const down = firstLive(model.below, -1)
  const up = firstLive(model.above, 1)
  if (down !== undefined) rates.push({ from: model.tokens[0], to: model.tokens[1], rate: model.gammaZeroForOne * down * down })
  if (up !== undefined) rates.push({ from: model.tokens[1], to: model.tokens[0], rate: model.gammaOneForZero / (up * up) })
  return rates
}

/**
 * Prices every token of tokenOut's component by its best marginal rate into tokenOut over any path (longest
 * path in log-rates, Bellman-Ford with a queue). On a graph without arbitrage these prices put every pool inside
 * its fee band, so the dual there is amountIn × the best marginal rate, the exact bound for a dust trade; they
 * are the reference's starting point.
 *
 * @returns the prices, the best marginal path of each token, and the component's pools
 */
export function marginalPrices(problem: OptimalProblem, { tokenOut, maxPasses }: MarginalPricesParameters): MarginalPricesReturnType {
  const n = problem.tokens.length
  const prices = new Float64Array(n)
  const nextPool = new Int32Array(n).fill(-1)
  const nextToken = new Int32Array(n).fill(-1)
  // Component of tokenOut and its pools.
  const seen = new Uint8Array(n)
  const poolSeen = new Uint8Array(problem.pools.length)
  const pools: number[] = []
  const stack = [tokenOut]
  seen[tokenOut] = 1
  while (stack.length > 0) {
    const t = stack.pop()!
    for (const p of problem.poolsOfToken[t]!) {
      if (poolSeen[p]) continue
      poolSeen[p] = 1
      pools.push(p)
      for (const u of problem.pools[p]!.tokens)
        if (!seen[u]) {
          seen[u] = 1
          stack.push(u)
        }
    }
  }
  // Incoming rates per token (edges into `to`), for relaxation from tokenOut backwards.
  const into: { from: number; pool: number; rate: number }[][] = Array.from({ length: n }, () => [])
  for (const p of pools) for (const r of marginalRatesOf(problem.pools[p]!)) if (r.rate > 0 && Number.isFinite(r.rate)) into[r.to]!.push({ from: r.from, pool: p, rate: r.rate })
  prices[tokenOut] = 1
  const limit = (maxPasses ?? n) * Math.max(1, pools.length)
  let work = 0
  const queue = [tokenOut]
  const queued = new Uint8Array(n)
  queued[tokenOut] = 1
  let settled = true
  for (let head = 0; head < queue.length; head++) {
    const t = queue[head]!
    queued[t] = 0
    for (const e of into[t]!) {
      if (++work > limit) {
        settled = false
        break
      }
      const candidate = prices[t]! * e.rate
      if (e.from !== tokenOut && candidate > prices[e.from]! * (1 + 1e-12)) {
        prices[e.from] = candidate
        nextPool[e.from] = e.pool
        nextToken[e.from] = t
        if (!queued[e.from]) {
          queued[e.from] = 1
          queue.push(e.from)
        }
      }
    }
    if (!settled) break
  }
  // A cycle through tokenOut itself: selling tokenOut along an edge and back is worth more than 1.
  for (const p of pools) for (const r of marginalRatesOf(problem.pools[p]!)) if (r.from === tokenOut && r.rate * prices[r.to]! > 1 + 1e-12) settled = false
  return { prices, nextPool, nextToken, pools, settled }
}
