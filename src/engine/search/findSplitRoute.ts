import type { PoolStates } from '../graph/poolStates.js'
import { type EvaluatedLegs, INFEASIBLE_SCORE, type Leg, evaluateLegs } from './evaluateLegs.js'
import { candidateSearchAmount } from './candidateSearchAmount.js'
import { allocateGreedy } from './allocateGreedy.js'
import { findSplitCandidates } from './findSplitCandidates.js'
import { improveSplitLegs } from './improveSplitLegs.js'
import { memoOnBlockState } from './memoOnBlockState.js'
import { scaleAllocation } from './scaleAllocation.js'
import { probeBestRate } from './probeBestRate.js'
import { gasCost } from './quotePath.js'
import { FLOAT_MARGIN } from './runLayeredDp.js'
import type { SearchContext, SearchMask } from './searchContext.js'
import { waterFill } from './waterFill.js'

/** Parameters of {@link findSplitRoute}. */
export type FindSplitRouteParameters = {
  source: number
  target: number
  amountIn: bigint
  maxHops: number
  maxSplits: number
  mask: SearchMask
  gasPriceWad: bigint
  states: PoolStates
  /** The exact best single path for the full amount (the result never scores below it). */
  single: readonly number[]
  /** Increments of the greedy allocation. Default 20. */
  chunks?: number | undefined
  /**
   * Skip the split search when the gas bound proves no split can beat the single path (default true;
   * false only to check that the skip never changes an answer).
   */
  gasBoundSkip?: boolean | undefined
}

/** Result of {@link findSplitRoute}: the chosen legs, exactly quoted, and the baselines it beat. */
export type FindSplitRouteReturnType = {
  best: EvaluatedLegs
  /** Which candidate won. */
  method: 'single' | 'greedy' | 'waterFill'
  single: EvaluatedLegs
  waterFill: EvaluatedLegs | undefined
  /** The greedy allocation after local search, when one ran (its score is INFEASIBLE_SCORE when it could not place the whole input). */
  greedy?: EvaluatedLegs | undefined
  /** The candidate paths the allocation weighed (the single path first), when the split got that far. */
  paths?: readonly (readonly number[])[] | undefined
}

/**
 * Splits an amount across up to `maxSplits` paths to maximise output net of gas.
 *
 * 1. Candidate paths: the best single path, the best path for amountIn/maxSplits, a chain of
 *    pool-disjoint best paths, and the best path avoiding each pool of the single path in turn.
 * 2. Greedy allocation in `chunks` increments, each to the candidate with the largest exact marginal
 *    output given everything allocated so far (pools shared by candidates are quoted against the
 *    state the earlier chunks left), opening at most `maxSplits` paths (`allocateGreedy`).
 *    Steps 1 and 2, and the no-impact probe, run at amountIn rounded to 7 significant bits and are kept
 *    per block state (`candidateSearchAmount`, `memoOnBlockState`); the allocation is scaled to amountIn.
 * 3. Local search moving amounts between legs, re-quoted exactly and sequentially, at amountIn.
 * Skipped when the single path already gets within 1e-9 of the best marginal rate (no impact).
 * 4. The result is the best of that, the water-filling split over the disjoint paths, and the single
 *    path, so it is never below either baseline.
 */
export function findSplitRoute(context: SearchContext, parameters: FindSplitRouteParameters): FindSplitRouteReturnType {
  const { source, target, amountIn, maxHops, maxSplits, mask, gasPriceWad, states, single } = parameters
  const graph = context.graph
  const singleEvaluated = evaluateLegs(states, { legs: [{ edges: single, amountIn }], gasPriceWad })
  if (maxSplits <= 1 || amountIn < 2n) return { best: singleEvaluated, method: 'single', single: singleEvaluated, waterFill: undefined }
  // Concave quotes: no route of any shape beats amountIn times the best marginal rate, which a float
  // walk search gives at a vanishing amount. When the single path is already within 1e-9 of that
  // bound there is nothing left to gain by splitting.
  // The probe and the candidates are sought at the rounded amount (candidateSearchAmount), so requests of
  // one pair at nearly one size share them on a block (memoOnBlockState). A rate probed at a smaller
  // amount is no lower (concave quotes), so the bound below still holds for amountIn.
  const searchAmount = candidateSearchAmount(amountIn)
  const searchKey = `${source},${target},${searchAmount},${maxHops}`
  const probe = Number(searchAmount) * 1e-9
  if (probe > 0) {
    const rate = memoOnBlockState(context, { key: `probe|${searchKey}`, states, mask, compute: () => probeBestRate(context, { source, target, probe, maxHops, mask }).best / probe })
    const bound = rate * Number(amountIn) * (1 + FLOAT_MARGIN)
    // Within 1e-9 of the rate itself, i.e. 2e-9 of the bound that carries the float margin.
    if (Number(singleEvaluated.amountOut) >= bound * (1 - 2e-9))
      return { best: singleEvaluated, method: 'single', single: singleEvaluated, waterFill: undefined }
    // Net of gas: a split runs at least two legs of at least one hop each, so its score is at most the
    // bound less two of the cheapest hops' gas. A single path scoring that much already wins (a tie
    // keeps the single path), whatever the split search would find: most trades without much price
    // impact, where one more pool costs more gas than spreading the amount gains.
    if (parameters.gasBoundSkip !== false && gasPriceWad > 0n && Number(singleEvaluated.score) >= bound - Number(gasCost(2n * cheapestHopGas(graph), gasPriceWad)) * (1 - 1e-9))
      return { best: singleEvaluated, method: 'single', single: singleEvaluated, waterFill: undefined }
  }

  const chunks = Math.max(1, parameters.chunks ?? 20)
  // The candidates and their greedy allocation are made at the rounded amount and shared as one answer;
  // scaled to amountIn, the allocation is where the local search at the real amount starts.
  const { candidates, disjoint, allocation: shared } = memoOnBlockState(context, {
    key: `split|${searchKey},${maxSplits},${chunks},${gasPriceWad}|${single.join(',')}`,
    states,
    mask,
    compute: () => {
      const found = findSplitCandidates(context, { source, target, amountIn: searchAmount, maxHops, maxSplits, mask, gasPriceWad, states, single, chunks })
      return { ...found, allocation: allocateGreedy(states, { candidates: found.candidates, amountIn: searchAmount, chunks, maxSplits, gasPriceWad }) }
    },
  })
  const allocation = scaleAllocation(shared, searchAmount, amountIn)
  let legs: Leg[] = candidates
    .map((edges, i) => ({ edges, amountIn: allocation[i]! }))
    .filter((leg) => leg.amountIn > 0n)
    .sort((a, b) => (a.amountIn > b.amountIn ? -1 : a.amountIn < b.amountIn ? 1 : 0))
  let current = evaluateLegs(states, { legs, gasPriceWad })
  // A chunk no open candidate could take leaves the allocation short of the input: not a split.
  let placed = 0n
  for (const a of allocation) placed += a
  if (placed !== amountIn) current = { ...current, score: INFEASIBLE_SCORE }

  // Local search: move amounts between legs while the exact total improves.
  if (legs.length > 1 && placed === amountIn) ({ legs, current } = improveSplitLegs(states, { legs, current, amountIn, chunks, gasPriceWad }))

  const waterFillLegs = waterFill(graph, { paths: disjoint, amountIn })
  const waterFillEvaluated = waterFillLegs.length > 0 ? evaluateLegs(states, { legs: waterFillLegs, gasPriceWad }) : undefined

  let best = singleEvaluated
  let method: FindSplitRouteReturnType['method'] = 'single'
  if (current.score > best.score) {
    best = current
    method = 'greedy'
  }
  if (waterFillEvaluated !== undefined && waterFillEvaluated.score > best.score) {
    best = waterFillEvaluated
    method = 'waterFill'
  }
  return { best, method, single: singleEvaluated, waterFill: waterFillEvaluated, greedy: current, paths: candidates }
}

/** The least gas any hop of `graph` costs: the smallest `gasPerHop` of its adapters (as findBestPath's bound takes it). */
function cheapestHopGas(graph: SearchContext['graph']): bigint {
  let gas: bigint | undefined
  for (const a of graph.adapters) if (gas === undefined || a.gasPerHop < gas) gas = a.gasPerHop
  return gas ?? 0n
}
