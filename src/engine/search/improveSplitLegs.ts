import type { PoolStates } from '../graph/poolStates.js'
import { type EvaluatedLegs, INFEASIBLE_SCORE, type Leg, evaluateLegs } from './evaluateLegs.js'
import { gasCost, quotePath } from './quotePath.js'

/** Parameters of {@link improveSplitLegs}. */
export type ImproveSplitLegsParameters = {
  /** Legs that place the whole input, and their exact evaluation. */
  legs: Leg[]
  current: EvaluatedLegs
  amountIn: bigint
  /** The greedy allocation's increments: moves are amountIn/(2·chunks), then amountIn/(6·chunks). */
  chunks: number
  gasPriceWad: bigint
}

/** Rounds of moves per step size (a round tries every ordered pair of legs). */
export const LOCAL_SEARCH_ROUNDS = 4

function poolDisjoint(states: PoolStates, legs: readonly Leg[]): boolean {
  const seen = new Set<number>()
  for (const leg of legs) {
    const own = new Set<number>()
    for (const e of leg.edges) own.add(states.graph.edgePool[e]!)
    for (const pool of own) {
      if (seen.has(pool)) return false
      seen.add(pool)
    }
  }
  return true
}

/**
 * Local search of a split: moves one step of input from leg i to leg j while the exact score (output
 * net of gas, legs executed in order) improves; steps amountIn/(2·chunks), then amountIn/(6·chunks),
 * at most {@link LOCAL_SEARCH_ROUNDS} rounds each, so at most 2 × 4 × L × (L − 1) trials for L legs.
 *
 * Legs that share no pool do not move each other's pools, so a trial's score is the other legs'
 * cached outputs plus quotes of the two legs it changes: at most 2 path quotes a trial instead of L
 * swaps-with-state per hop (a leg's quote at an amount is kept, and a round asks it once per other leg) (the same score, so the same moves are taken: evaluateLegs quotes each
 * leg against the states the earlier legs left, which for disjoint legs are the block states). Legs
 * that share a pool are evaluated whole, in order, as before.
 * @returns the improved legs (zero legs dropped) and their exact evaluation
 */
export function improveSplitLegs(states: PoolStates, { legs: start, current: first, amountIn, chunks, gasPriceWad }: ImproveSplitLegsParameters): { legs: Leg[]; current: EvaluatedLegs } {
  let legs = start
  let current = first
  const disjoint = poolDisjoint(states, legs)
  // Disjoint legs: per-leg output and gas (0 and 0 for a leg carrying nothing, which executes no swap).
  // A leg keeps its path and its index while amounts move, and a round asks each leg at the same
  // amount once per other leg: quotes are kept by leg and amount.
  const quoted = disjoint ? legs.map(() => new Map<bigint, { out: bigint; gas: bigint }>()) : []
  const quoteLeg = (k: number, leg: Leg): { out: bigint; gas: bigint } => {
    if (leg.amountIn === 0n) return { out: 0n, gas: 0n }
    const known = quoted[k]!.get(leg.amountIn)
    if (known !== undefined) return known
    const q = quotePath(states, { edges: leg.edges, amountIn: leg.amountIn })
    const result = { out: q.amountOut, gas: q.gas }
    quoted[k]!.set(leg.amountIn, result)
    return result
  }
  const legQuotes = disjoint ? legs.map((leg, k) => quoteLeg(k, leg)) : []
  const scoreOf = (quotes: readonly { out: bigint; gas: bigint }[], amounts: readonly bigint[]): bigint => {
    let out = 0n
    let gas = 0n
    for (let k = 0; k < quotes.length; k++) {
      if (amounts[k]! > 0n && quotes[k]!.out === 0n) return INFEASIBLE_SCORE
      out += quotes[k]!.out
      gas += quotes[k]!.gas
    }
    return out - gasCost(gas, gasPriceWad)
  }
  let score = disjoint ? scoreOf(legQuotes, legs.map((l) => l.amountIn)) : current.score
  for (const divisor of [BigInt(chunks * 2), BigInt(chunks * 6)]) {
    const step = amountIn / divisor
    if (step === 0n) continue
    let improved = true
    let rounds = 0
    while (improved && rounds++ < LOCAL_SEARCH_ROUNDS) {
      improved = false
      for (let i = 0; i < legs.length; i++) {
        for (let j = 0; j < legs.length; j++) {
          if (i === j || legs[i]!.amountIn === 0n) continue
          const delta = legs[i]!.amountIn < step ? legs[i]!.amountIn : step
          const trial = legs.map((leg, k) => (k === i ? { ...leg, amountIn: leg.amountIn - delta } : k === j ? { ...leg, amountIn: leg.amountIn + delta } : leg))
          if (disjoint) {
            const quotes = legQuotes.slice()
            quotes[i] = quoteLeg(i, trial[i]!)
            quotes[j] = quoteLeg(j, trial[j]!)
            const trialScore = scoreOf(quotes, trial.map((l) => l.amountIn))
            if (trialScore > score) {
              legs = trial
              score = trialScore
              legQuotes[i] = quotes[i]!
              legQuotes[j] = quotes[j]!
              improved = true
            }
            continue
          }
          const evaluated = evaluateLegs(states, { legs: trial, gasPriceWad })
          if (evaluated.score > current.score) {
            legs = trial
            current = evaluated
            improved = true
          }
        }
      }
    }
  }
  legs = legs.filter((leg) => leg.amountIn > 0n)
  return { legs, current: evaluateLegs(states, { legs, gasPriceWad }) }
}
