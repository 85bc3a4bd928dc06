import type { PathQuote } from './quotePath.js'

/** How far a kept trial quote can be trusted (see {@link createGreedyTrials}). */
export const TrialStatus = { none: 0, exact: 1, bound: 2 } as const

/** Trial quotes of a split's greedy allocation, by candidate. */
export type GreedyTrials = {
  /**
   * The kept trial of candidate `i` for a chunk of `amount` and how far it holds: `exact` (quoted at this
   * amount against the current committed state), `bound` (its output is at least what a fresh quote would
   * give), or `none` (no trial, or one that proves nothing: quote it again).
   */
  get(i: number, amount: bigint): { quote: PathQuote | undefined; status: number }
  /** Keeps a fresh exact trial of candidate `i`. */
  set(i: number, amount: bigint, quote: PathQuote): PathQuote
  /** A chunk was committed to candidate `i`: the trials through the pools it moved are exact no more. */
  moved(i: number): void
}

/**
 * The greedy allocation's trial quotes (`findSplitRoute`), kept between chunks so that it can choose
 * lazily: a kept trial whose output can only have fallen since is an upper bound of the fresh one, so
 * the allocation re-quotes a candidate only when its bound is the best of all, and the candidate it picks
 * is the one a fresh quote of every candidate would have picked (ties to the lowest index included).
 *
 * When does a kept output bound the fresh one? A commit swapped a chunk along candidate `i`'s path, each
 * of its pools in one direction. A candidate whose every hop through those pools is the same directed edge
 * (same pool, token in and token out) meets each of them with less of the output token per unit than
 * before, and each hop's output grows with its input, so its output can only fall: the kept quote is a
 * bound. A candidate that crosses a moved pool another way (the other direction, another pair of a
 * multi-token pool), or any path that uses a pool twice, keeps nothing. Also a bound: a trial quoted for a
 * larger chunk (chunks of `amountIn / chunks` differ by one unit), since outputs grow with the input.
 * Except at a cap: a pool that cannot take the whole input (a V3 range run dry, Balancer's max-in ratio)
 * quotes 0, and the smaller input a moved pool hands on may fit, so a kept output of 0 bounds nothing.
 * Below its cap every hop's output grows with its input, and a pool moved the same way only lowers it.
 * Gas does not depend on the state (a sum of the hops' `gasPerHop`), so a bound of the output is a bound of
 * the gain.
 */
export function createGreedyTrials(edgePool: Int32Array, candidates: readonly (readonly number[])[]): GreedyTrials {
  const amounts = new Array<bigint | undefined>(candidates.length)
  const quotes = new Array<PathQuote | undefined>(candidates.length)
  const status = new Uint8Array(candidates.length)
  const repeats = candidates.map((edges) => new Set(edges.map((e) => edgePool[e]!)).size !== edges.length)
  // Candidates by pool, with the edge each takes through it.
  const sharing = new Map<number, { candidate: number; edge: number }[]>()
  candidates.forEach((edges, candidate) => {
    for (const edge of edges) {
      const pool = edgePool[edge]!
      ;(sharing.get(pool) ?? sharing.set(pool, []).get(pool)!).push({ candidate, edge })
    }
  })
  const invalid = new Uint8Array(candidates.length)
  const touched: number[] = []
  return {
    get(i, amount) {
      const kept = amounts[i]
      if (kept === undefined || status[i] === TrialStatus.none) return { quote: undefined, status: TrialStatus.none }
      if (kept === amount && status[i] === TrialStatus.exact) return { quote: quotes[i], status: TrialStatus.exact }
      // An output of 0 is a cap, not a bound: a smaller input may fit where the kept one did not.
      return kept >= amount && quotes[i]!.amountOut > 0n ? { quote: quotes[i], status: TrialStatus.bound } : { quote: undefined, status: TrialStatus.none }
    },
    set(i, amount, quote) {
      amounts[i] = amount
      quotes[i] = quote
      status[i] = TrialStatus.exact
      return quote
    },
    moved(i) {
      const edges = candidates[i]!
      for (const edge of edges) {
        for (const { candidate, edge: theirs } of sharing.get(edgePool[edge]!)!) {
          if (invalid[candidate] === 0) touched.push(candidate)
          if (repeats[i] || repeats[candidate] || theirs !== edge) invalid[candidate] = 2
          else invalid[candidate] ||= 1
        }
      }
      for (const candidate of touched) {
        if (invalid[candidate] === 2) status[candidate] = TrialStatus.none
        else if (status[candidate] === TrialStatus.exact) status[candidate] = TrialStatus.bound
        invalid[candidate] = 0
      }
      touched.length = 0
    },
  }
}
