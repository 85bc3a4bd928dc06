import type { PoolSnapshotBase } from '../../protocols/types.js'
import type { PoolStates } from '../graph/poolStates.js'
import { TrialStatus, createGreedyTrials } from './createGreedyTrials.js'
import { gasCost, quotePath } from './quotePath.js'

/** Parameters of {@link allocateGreedy}. */
export type AllocateGreedyParameters = {
  /** Candidate paths, the single path first. */
  candidates: readonly (readonly number[])[]
  amountIn: bigint
  /** Increments of the allocation. */
  chunks: number
  /** Most candidates that may take a chunk. */
  maxSplits: number
  gasPriceWad: bigint
}

/**
 * The split's greedy exact allocation: `amountIn` in `chunks` increments, each to the candidate with the
 * largest exact marginal output given everything allocated so far (pools shared by candidates are quoted
 * against the state the earlier chunks left; a candidate not yet open pays its gas), opening at most
 * `maxSplits` candidates.
 *
 * @returns the amount each candidate takes (their sum is below `amountIn` when no open candidate could
 * take a chunk)
 */
export function allocateGreedy(states: PoolStates, { candidates, amountIn, chunks, maxSplits, gasPriceWad }: AllocateGreedyParameters): bigint[] {
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
  const trials = createGreedyTrials(states.graph.edgePool, candidates)
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
  return allocation
}
