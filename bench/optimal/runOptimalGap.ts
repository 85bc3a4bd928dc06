import { NoRouteError } from '../../src/errors/engine.js'
import { buildGraph } from '../../src/engine/graph/buildGraph.js'
import { createSearchContext } from '../../src/engine/search/searchContext.js'
import { findRoute } from '../../src/engine/tasks/findRoute.js'
import { protocolAdapters } from '../../src/protocols/registry.js'
import type { GeneratedGraph } from '../generateGraph.js'
import { percentile } from '../stats.js'
import { toEngineSnapshot } from '../toEngineSnapshot.js'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import { GAP_BUCKETS, type GapQuery, selectGapQueries } from './selectGapQueries.js'
import { restrictedOptimum } from './restrictedOptimum.js'
import { solveOptimalRoute } from './solveOptimalRoute.js'

/** Options of {@link runOptimalGap}. */
export type RunOptimalGapOptions = {
  /** The graph as generated (its USD prices size the queries). */
  generated: GeneratedGraph
  /** The graph the engine and the reference run on (the equilibrated one). */
  graph: GeneratedGraph['graph']
  perBucket: number
  seed: number
  minUsd: number
  maxHops: number
  maxSplits: number
  /** The reference's stopping gap (fraction of the bound) and per-query wall budget (ms). */
  tolerance: number
  budgetMs: number
  /**
   * Net of gas (issue 29): the engine's gas-aware route against the optimum restricted to its top `ks` pools,
   * re-optimized, each less the gas of its pools at `gasPriceGwei` (ETH = token 0's price) in tokenOut.
   */
  netOfGas?: { gasPriceGwei: number; ks: readonly number[] } | undefined
  log: (line: string) => void
}

/** A query's net-of-gas comparison (raw tokenOut units as decimal strings). */
export type NetOfGasRow = {
  /** Value of one gas unit in raw tokenOut, wad. */
  gasPriceWad: string
  /** The engine's gas-aware route: output less its gas. */
  engineNet: string
  enginePools: number
  /** The gas-free optimum's routing less the gas of every pool it trades through. */
  optimumNet: string
  optimumPools: number
  restricted: { k: number; pools: number; net: string }[]
}

/** One query's measurements (amounts as decimal strings). */
export type GapRow = GapQuery & {
  upperBound: string
  achievable: string
  engine: string
  engineSinglePath: string
  referenceMs: number
  iterations: number
  trades: number
  /** Engine gap to the optimum in bps: at most `toBound`, at least `toAchievable`. */
  toBound: number
  toAchievable: number
  singleToBound: number
  /** The reference's own pin, (bound − achievable) / bound in bps. */
  pinBps: number
  net?: NetOfGasRow | undefined
}

/** Per-bucket summary; the engine-gap percentiles are over the queries pinned within 1 bps. */
export type GapSummary = {
  bucket: string
  n: number
  medianToBound: number
  medianToAchievable: number
  p90ToBound: number
  p90ToAchievable: number
  medianSingleToBound: number
  pinnedWithin1Bps: number
  referenceMsP50: number
  referenceMsP90: number
  referenceMsMax: number
  /** Queries where the engine's exact output exceeded the certified bound (must be 0). */
  aboveBound: number
}

const bps = (reference: bigint, value: bigint): number => (reference > 0n ? (1 - Number(value) / Number(reference)) * 1e4 : 0)

/**
 * The gap bench (issue 29): for each selected query, the engine's split route (`findRoute` as `npm run bench`
 * calls it) and best single path against the optimal-routing reference, and per size bucket the median and p90
 * gap in bps to both ends of the reference's pin, the queries pinned within 1 bps and the reference's runtime.
 *
 * @returns every row and the per-bucket summaries (plus an `all` row)
 */
export function runOptimalGap(options: RunOptimalGapOptions): { rows: GapRow[]; summary: GapSummary[] } {
  const { log } = options
  const snapshot = toEngineSnapshot(options.graph, 'bench:optimal')
  const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
  const problem = buildOptimalProblem(snapshot)
  const queries = selectGapQueries(options.generated, { perBucket: options.perBucket, minUsd: options.minUsd, seed: options.seed })
  const route = (q: GapQuery, maxSplits: number): bigint => {
    try {
      return findRoute(context, { tokensIn: [{ token: q.tokenIn, amount: BigInt(q.amountIn) }], tokensOut: [{ token: q.tokenOut }], maxHops: options.maxHops, maxSplits }).amountsOut[0]!.amount
    } catch (error) {
      if (error instanceof NoRouteError) return 0n
      throw error
    }
  }
  const { graph: bench, pricesUsd } = options.generated
  const tokenAt = new Map(bench.tokens.map((t, i) => [t.address.toLowerCase(), i]))
  const gasPerHop = new Map(protocolAdapters.map((a) => [a.slug, a.gasPerHop]))
  const gasOf = (protocol: string): bigint => gasPerHop.get(protocol) ?? 0n
  const net = options.netOfGas
  const netOfGas = (q: GapQuery, reference: ReturnType<typeof solveOptimalRoute>): NetOfGasRow | undefined => {
    if (net === undefined) return undefined
    const out = tokenAt.get(q.tokenOut.toLowerCase())!
    // gas (wei) → ETH → USD → raw tokenOut, × 1e18.
    const gasPriceWad = BigInt(Math.round(((net.gasPriceGwei * 1e9) / 1e18) * (pricesUsd[0]! / pricesUsd[out]!) * 10 ** bench.tokens[out]!.decimals * 1e18))
    const gasValue = (units: bigint): bigint => (units * gasPriceWad) / 10n ** 18n
    let engineNet = 0n
    let enginePools = 0
    try {
      const found = findRoute(context, { tokensIn: [{ token: q.tokenIn, amount: BigInt(q.amountIn) }], tokensOut: [{ token: q.tokenOut }], maxHops: options.maxHops, maxSplits: options.maxSplits, gasPriceInTokenOutWad: { [q.tokenOut.toLowerCase()]: gasPriceWad } })
      engineNet = found.amountsOut[0]!.amount - gasValue(found.gasEstimate)
      enginePools = found.paths.reduce((n, path) => n + path.steps.length, 0)
    } catch (error) {
      if (!(error instanceof NoRouteError)) throw error
    }
    const used = new Map<string, string>()
    for (const trade of reference.trades) if (trade.amountIn > 0n) used.set(trade.pool.toLowerCase(), trade.protocol)
    let optimumGas = 0n
    for (const protocol of used.values()) optimumGas += gasOf(protocol)
    const usdOf = (trade: { tokenIn: string; amountIn: bigint }): number => {
      const t = tokenAt.get(trade.tokenIn.toLowerCase())!
      return (Number(trade.amountIn) / 10 ** bench.tokens[t]!.decimals) * pricesUsd[t]!
    }
    const restricted = net.ks.map((k) => {
      const r = restrictedOptimum(snapshot, { tokenIn: q.tokenIn, tokenOut: q.tokenOut, amountIn: BigInt(q.amountIn), trades: reference.trades, k, usdOf, gasOf, gasPriceWad, tolerance: options.tolerance, budgetMs: options.budgetMs })
      return { k, pools: r.pools, net: r.net.toString() }
    })
    return { gasPriceWad: gasPriceWad.toString(), engineNet: engineNet.toString(), enginePools, optimumNet: (reference.achievable - gasValue(optimumGas)).toString(), optimumPools: used.size, restricted }
  }
  const rows: GapRow[] = queries.map((q, i) => {
    const engine = route(q, options.maxSplits)
    const single = route(q, 1)
    const reference = solveOptimalRoute(problem, { tokenIn: q.tokenIn, tokenOut: q.tokenOut, amountIn: BigInt(q.amountIn), tolerance: options.tolerance, budgetMs: options.budgetMs })
    const row: GapRow = {
      ...q,
      upperBound: reference.upperBound.toString(),
      achievable: reference.achievable.toString(),
      engine: engine.toString(),
      engineSinglePath: single.toString(),
      referenceMs: reference.ms,
      iterations: reference.iterations,
      trades: reference.trades.length,
      toBound: bps(reference.upperBound, engine),
      toAchievable: bps(reference.achievable, engine),
      singleToBound: bps(reference.upperBound, single),
      pinBps: reference.gapBps,
      net: netOfGas(q, reference),
    }
    const netLine = row.net === undefined ? '' : `; net of gas: engine ${row.net.enginePools} pools, top-k ${row.net.restricted.map((r) => `${r.k}:${BigInt(row.net!.engineNet) >= BigInt(r.net) ? '≥' : '<'}`).join(' ')}`
    log(`  ${String(i + 1).padStart(3)} ${q.bucket.padEnd(6)} $${q.usd.toPrecision(3).padEnd(9)} engine gap ${row.toAchievable.toFixed(2)}..${row.toBound.toFixed(2)} bps, pin ${row.pinBps.toFixed(3)} bps, ${row.trades} trades, ${row.iterations} it, ${(row.referenceMs / 1000).toFixed(1)} s${netLine}`)
    return row
  })
  // Gap percentiles over the queries pinned within 1 bps (the others' intervals are listed in the rows).
  const summarize = (bucket: string, list: GapRow[]): GapSummary => {
    const pinned = list.filter((r) => r.pinBps <= 1)
    return {
    bucket,
    n: list.length,
    medianToBound: percentile(pinned.map((r) => r.toBound), 50),
    medianToAchievable: percentile(pinned.map((r) => r.toAchievable), 50),
    p90ToBound: percentile(pinned.map((r) => r.toBound), 90),
    p90ToAchievable: percentile(pinned.map((r) => r.toAchievable), 90),
    medianSingleToBound: percentile(list.map((r) => r.singleToBound), 50),
    pinnedWithin1Bps: pinned.length,
    referenceMsP50: percentile(list.map((r) => r.referenceMs), 50),
    referenceMsP90: percentile(list.map((r) => r.referenceMs), 90),
    referenceMsMax: Math.max(...list.map((r) => r.referenceMs)),
    aboveBound: list.filter((r) => BigInt(r.engine) > BigInt(r.upperBound)).length,
    }
  }
  const summary = [...GAP_BUCKETS.map((b) => summarize(b.name, rows.filter((r) => r.bucket === b.name))), summarize('all', rows)]
  return { rows, summary }
}
