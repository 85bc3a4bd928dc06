import type { EngineSnapshot } from '../../src/engine/types.js'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import type { ExactTrade } from './executeLegs.js'
import { solveOptimalRoute } from './solveOptimalRoute.js'

/** Parameters of {@link restrictedOptimum}. */
export type RestrictedOptimumParameters = {
  tokenIn: string
  tokenOut: string
  amountIn: bigint
  /** The full optimum's routing, whose flow paths choose the pools. */
  trades: readonly ExactTrade[]
  /** How many of its pools to keep. */
  k: number
  /** A trade's input in USD (weighs the flow paths). */
  usdOf: (trade: ExactTrade) => number
  /** Gas of one swap through a pool of `protocol` (the engine's per-hop gas of its adapter). */
  gasOf: (protocol: string) => bigint
  /** Value of one gas unit in raw tokenOut, wad (1e18). */
  gasPriceWad: bigint
  tolerance: number
  budgetMs: number
}

/** The optimum over `k` pools, re-optimized, and its output less the gas of the pools it trades through. */
export type RestrictedOptimumReturnType = { k: number; pools: number; achievable: bigint; gas: bigint; net: bigint }

/** A value-weighted edge of the optimum's flow: a pool traded from one token to another. */
type FlowEdge = { pool: string; from: string; to: string; value: number }

/**
 * Pools of the optimum's widest flow paths from tokenIn to tokenOut, at most `k` in all: the path (of at most
 * `k` hops) whose smallest trade carries the most value is taken, that value is taken off its trades, and so on
 * while the next path's pools still fit. Ranking pools one by one would keep, for a trade spread over hundreds
 * of pools, pools that join nothing to tokenOut.
 */
function widestPathPools(edges: FlowEdge[], tokenIn: string, tokenOut: string, k: number): Set<string> {
  const kept = new Set<string>()
  for (let round = 0; round < 64; round++) {
    // best[h].get(token): the widest bottleneck over walks of h hops from tokenIn, and the edge it came by.
    const best: Map<string, { width: number; edge: number; prev: string }>[] = [new Map([[tokenIn, { width: Infinity, edge: -1, prev: '' }]])]
    let end: { h: number; width: number } | undefined
    for (let h = 1; h <= k; h++) {
      const layer = new Map<string, { width: number; edge: number; prev: string }>()
      edges.forEach((e, i) => {
        const from = best[h - 1]!.get(e.from)
        if (from === undefined || e.value <= 0 || e.to === tokenIn) return
        const width = Math.min(from.width, e.value)
        if (width > (layer.get(e.to)?.width ?? 0)) layer.set(e.to, { width, edge: i, prev: e.from })
      })
      best.push(layer)
      const atOut = layer.get(tokenOut)
      if (atOut !== undefined && atOut.width > (end?.width ?? 0)) end = { h, width: atOut.width }
    }
    if (end === undefined) break
    const path: number[] = []
    for (let h = end.h, token = tokenOut; h > 0; h--) {
      const step = best[h]!.get(token)!
      path.push(step.edge)
      token = step.prev
    }
    const pools = new Set([...kept, ...path.map((i) => edges[i]!.pool)])
    if (pools.size > k) break
    for (const pool of pools) kept.add(pool)
    for (const i of path) edges[i]!.value -= end.width
  }
  return kept
}

/**
 * The optimum restricted to `k` of its pools (issue 29, "net of gas"): the pools of its widest flow paths from
 * tokenIn to tokenOut (by the value each trade carries), at most `k`; the snapshot cut to those pools, solved
 * again by the reference (its achievable routing, exactly evaluated), less the gas of every pool that routing
 * trades through, priced in tokenOut. A routing that cannot reach tokenOut has output 0 and no gas.
 * @returns the restricted optimum's output, the pools it uses, their gas in tokenOut and the difference
 */
export function restrictedOptimum(snapshot: EngineSnapshot, p: RestrictedOptimumParameters): RestrictedOptimumReturnType {
  const flows = new Map<string, FlowEdge>()
  for (const trade of p.trades) {
    const key = `${trade.pool}|${trade.tokenIn}|${trade.tokenOut}`.toLowerCase()
    const edge = flows.get(key) ?? { pool: trade.pool.toLowerCase(), from: trade.tokenIn.toLowerCase(), to: trade.tokenOut.toLowerCase(), value: 0 }
    edge.value += p.usdOf(trade)
    flows.set(key, edge)
  }
  const kept = widestPathPools([...flows.values()], p.tokenIn.toLowerCase(), p.tokenOut.toLowerCase(), p.k)
  const sub: EngineSnapshot = { ...snapshot, version: `${snapshot.version}:top${p.k}`, pools: snapshot.pools.filter((pool) => kept.has(pool.address.toLowerCase())) }
  const problem = buildOptimalProblem(sub)
  if (!problem.tokenIndex.has(p.tokenIn.toLowerCase()) || !problem.tokenIndex.has(p.tokenOut.toLowerCase())) return { k: p.k, pools: 0, achievable: 0n, gas: 0n, net: 0n }
  const solved = solveOptimalRoute(problem, { tokenIn: p.tokenIn, tokenOut: p.tokenOut, amountIn: p.amountIn, tolerance: p.tolerance, budgetMs: p.budgetMs })
  const used = new Map<string, string>()
  for (const trade of solved.trades) if (trade.amountIn > 0n) used.set(trade.pool.toLowerCase(), trade.protocol)
  let gasUnits = 0n
  for (const protocol of used.values()) gasUnits += p.gasOf(protocol)
  const gas = (gasUnits * p.gasPriceWad) / 10n ** 18n
  return { k: p.k, pools: used.size, achievable: solved.achievable, gas, net: solved.achievable - gas }
}
