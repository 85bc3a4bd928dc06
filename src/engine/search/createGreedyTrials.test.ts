import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { TrialStatus, createGreedyTrials } from './createGreedyTrials.js'
import { type PathQuote, quotePath } from './quotePath.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261129)
const quote = (amountOut: bigint): PathQuote => ({ edges: [], amounts: [], amountOut, gas: 0n })

describe('createGreedyTrials', () => {
  // Pools: edges 0/1 are pool 0 (one direction each), 2/3 pool 1, 4 pool 2.
  const edgePool = new Int32Array([0, 0, 1, 1, 2])
  test('a commit leaves exact the candidates it does not touch, a bound those crossing its pools the same way, nothing the others', () => {
    const candidates = [[0, 2], [0], [1], [4], [2, 3]]
    const trials = createGreedyTrials(edgePool, candidates)
    candidates.forEach((_, i) => trials.set(i, 100n, quote(BigInt(i + 1))))
    trials.moved(0)
    expect(candidates.map((_, i) => trials.get(i, 100n).status)).toEqual([TrialStatus.bound, TrialStatus.bound, TrialStatus.none, TrialStatus.exact, TrialStatus.none])
    // A bound stays a bound after more commits; a fresh trial is exact again.
    trials.set(1, 100n, quote(1n))
    expect(trials.get(1, 100n).status).toBe(TrialStatus.exact)
    trials.moved(3)
    expect(trials.get(3, 100n).status).toBe(TrialStatus.bound)
    expect(trials.get(0, 100n).status).toBe(TrialStatus.bound)
  })

  test('a trial for a larger chunk bounds a smaller one; a smaller one proves nothing about a larger one', () => {
    const trials = createGreedyTrials(edgePool, [[4]])
    trials.set(0, 100n, quote(7n))
    expect(trials.get(0, 99n)).toEqual({ quote: quote(7n), status: TrialStatus.bound })
    expect(trials.get(0, 101n)).toEqual({ quote: undefined, status: TrialStatus.none })
  })

  test('a kept output of 0 (a cap) is no bound: a smaller input may fit', () => {
    const trials = createGreedyTrials(edgePool, [[4]])
    trials.set(0, 100n, quote(0n))
    expect(trials.get(0, 99n).status).toBe(TrialStatus.none)
    expect(trials.get(0, 100n).status).toBe(TrialStatus.exact)
    trials.moved(0)
    expect(trials.get(0, 100n).status).toBe(TrialStatus.none)
  })

  test('a path through one pool twice keeps nothing, and makes nothing a bound', () => {
    const candidates = [[0, 1], [0]]
    const trials = createGreedyTrials(edgePool, candidates)
    trials.set(0, 10n, quote(1n))
    trials.set(1, 10n, quote(1n))
    trials.moved(1)
    expect(trials.get(0, 10n).status).toBe(TrialStatus.none)
    trials.set(1, 10n, quote(1n))
    trials.moved(0)
    expect(trials.get(1, 10n).status).toBe(TrialStatus.none)
  })

  // The soundness of the lazy choice: after any sequence of commits, a kept trial marked as a bound is at
  // least what a fresh quote gives, on V2, V3 and 3-token Balancer pools.
  test(`a bound is never below the fresh quote, after random commits on mixed pools (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 12 }), (seed, commits) => {
        const graph = buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed, tokens: 5, v2Pools: 8, v3Pools: 4, balancerPools: 2, minExp: 18, maxExp: 22 }))
        // Candidate paths: walks of 1-3 hops from token 0 along the graph's edges, picked by the seed.
        let r = seed
        const next = (n: number) => ((r = (r * 1103515245 + 12345) % 2147483648), r % n)
        const candidates: number[][] = []
        for (let c = 0; c < 8; c++) {
          const path: number[] = []
          let token = 0
          for (let h = 0; h < 1 + next(3); h++) {
            const from = graph.outStart[token]!
            const count = graph.outStart[token + 1]! - from
            if (count === 0) break
            const edge = from + next(count)
            path.push(edge)
            token = graph.edgeHead[edge]!
          }
          if (path.length > 0) candidates.push(path)
        }
        if (candidates.length === 0) return
        const states = new PoolStates(graph)
        const committed = new Map<number, PoolSnapshotBase>()
        const view = { get: (p: number) => committed.get(p) ?? states.get(p) }
        const trials = createGreedyTrials(graph.edgePool, candidates)
        const chunk = 10n ** 19n
        const fresh = (i: number) => {
          try {
            return quotePath(states, { edges: candidates[i]!, amountIn: chunk, view }).amountOut
          } catch {
            return undefined
          }
        }
        for (const [pick, percent] of commits) {
          candidates.forEach((_, i) => {
            const kept = trials.get(i, chunk)
            if (kept.status === TrialStatus.bound) {
              const now = fresh(i)
              if (now !== undefined) expect(kept.quote!.amountOut >= now).toBe(true)
            }
            if (kept.status === TrialStatus.none) {
              const now = fresh(i)
              if (now !== undefined) trials.set(i, chunk, { edges: candidates[i]!, amounts: [], amountOut: now, gas: 0n })
            }
          })
          const i = pick % candidates.length
          try {
            quotePath(states, { edges: candidates[i]!, amountIn: (chunk * BigInt(percent)) / 10n, view, moved: committed })
          } catch {
            continue
          }
          trials.moved(i)
        }
      }),
      { numRuns: 200, seed: FC_SEED },
    )
  })
})
