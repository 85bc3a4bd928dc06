import type { PoolStates } from '../graph/poolStates.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import { type EvaluatedLegs, INFEASIBLE_SCORE, type Leg, evaluateLegs } from './evaluateLegs.js'
import { candidateSearchAmount } from './candidateSearchAmount.js'
import { TrialStatus, createGreedyTrials } from './createGreedyTrials.js'
import { findSplitCandidates } from './findSplitCandidates.js'
import { improveSplitLegs } from './improveSplitLegs.js'
import { memoOnBlockState } from './memoOnBlockState.js'
import { probeBestRate } from './probeBestRate.js'
import { gasCost, quotePath } from './quotePath.js'
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
 *    state the earlier chunks left), opening at most `maxSplits` paths.
 * 3. Local search moving amounts between legs, re-quoted exactly and sequentially.
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
  const { candidates, disjoint } = memoOnBlockState(context, {
    key: `candidates|${searchKey},${maxSplits},${chunks},${gasPriceWad}|${single.join(',')}`,
    states,
    mask,
    compute: () => findSplitCandidates(context, { source, target, amountIn: searchAmount, maxHops, maxSplits, mask, gasPriceWad, states, single, chunks }),
  })

  // Greedy exact allocation.
  const allocation = new Array<bigint>(candidates.length).fill(0n)
  const committed = new Map<number, PoolSnapshotBase>()
  const view = { get: (p: number) => committed.get(p) ?? states.get(p) }
  let open = 0
  // A leg runs as one swap per hop, not chunk by chunk: a candidate whose total stops paying anything
  // when a chunk is added hit a cap (past Balancer's 30 % max-in ratio, which chunks on a growing
  // balance never reach; a V3 range run dry) and is closed: it takes no more chunks. A total that has
  // not paid yet is dust, not a cap: the next chunks may make it pay.
  const closed = new Uint8Array(candidates.length)
  const legOut = new Array<bigint>(candidates.length).fill(0n)
  // Trials are kept between chunks; a kept one that can only have fallen since bounds the fresh one, so a
  // candidate is re-quoted only when its bound is the best (createGreedyTrials): the same choices as
  // quoting every candidate afresh for every chunk.
  const trials = createGreedyTrials(graph.edgePool, candidates)
  for (let c = 0; c < chunks; c++) {
    const chunk = (amountIn * BigInt(c + 1)) / BigInt(chunks) - (amountIn * BigInt(c)) / BigInt(chunks)
    if (chunk === 0n) continue
    for (;;) {
      let bestGain: bigint | undefined
      let bestCandidate = -1
      let bestExact = false
      for (let i = 0; i < candidates.length; i++) {
        if (closed[i] === 1) continue
        const used = allocation[i]! > 0n
        if (!used && open >= maxSplits) continue
        // Plain quotes against the committed view: quotePath keeps its own moved states when a path
        // repeats a pool, so a caller map (and a swap with a new state per hop) is not needed here.
        const kept = trials.get(i, chunk)
        const trial = kept.quote ?? trials.set(i, chunk, quotePath(states, { edges: candidates[i]!, amountIn: chunk, view }))
        const gain = trial.amountOut - (used ? 0n : gasCost(trial.gas, gasPriceWad))
        if (bestGain === undefined || gain > bestGain) {
          bestGain = gain
          bestCandidate = i
          bestExact = kept.quote === undefined || kept.status === TrialStatus.exact
        }
      }
      if (bestCandidate >= 0 && !bestExact) {
        // The best is a bound: quote it afresh and choose again.
        trials.set(bestCandidate, chunk, quotePath(states, { edges: candidates[bestCandidate]!, amountIn: chunk, view }))
        continue
      }
      if (bestCandidate < 0) break
      const total = quotePath(states, { edges: candidates[bestCandidate]!, amountIn: allocation[bestCandidate]! + chunk }).amountOut
      if (total === 0n && legOut[bestCandidate]! > 0n) {
        closed[bestCandidate] = 1
        continue
      }
      legOut[bestCandidate] = total
      if (allocation[bestCandidate] === 0n) open++
      allocation[bestCandidate]! += chunk
      quotePath(states, { edges: candidates[bestCandidate]!, amountIn: chunk, view, moved: committed })
      trials.moved(bestCandidate)
      break
    }
  }
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
