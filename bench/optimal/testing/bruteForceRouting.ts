import { protocolAdaptersBySlug } from '../../../src/protocols/registry.js'
import type { PoolSnapshotBase } from '../../../src/protocols/types.js'
import type { OptimalProblem } from '../types.js'

/** A hop: pool index and problem token indices. */
export type Hop = { pool: number; from: number; to: number }

/** Every simple path of at most `maxHops` hops from `from` to `to` (a pool used at most once per path). */
export function simplePaths(problem: OptimalProblem, { from, to, maxHops }: { from: number; to: number; maxHops: number }): Hop[][] {
  const paths: Hop[][] = []
  const walk = (token: number, path: Hop[], seen: Set<number>): void => {
    if (token === to) {
      paths.push([...path])
      return
    }
    if (path.length === maxHops) return
    for (const pool of problem.poolsOfToken[token]!) {
      if (path.some((h) => h.pool === pool)) continue
      for (const next of problem.pools[pool]!.tokens) {
        if (next === token || seen.has(next)) continue
        seen.add(next)
        path.push({ pool, from: token, to: next })
        walk(next, path, seen)
        path.pop()
        seen.delete(next)
      }
    }
  }
  walk(from, [], new Set([from]))
  return paths
}

/** Exact output of `amountIn` along `path` on `states` (moved in place when `commit`). */
export function runPath(problem: OptimalProblem, states: Map<number, PoolSnapshotBase>, path: readonly Hop[], amountIn: bigint, commit: boolean): bigint {
  let amount = amountIn
  const moved = new Map<number, PoolSnapshotBase>()
  for (const hop of path) {
    const snapshot = moved.get(hop.pool) ?? states.get(hop.pool) ?? problem.snapshots[hop.pool]!
    const model = problem.pools[hop.pool]!
    const edge = { tokenInIndex: model.tokens.indexOf(hop.from), tokenOutIndex: model.tokens.indexOf(hop.to), action: 'swap' as const }
    const result = protocolAdaptersBySlug.get(snapshot.protocol)!.swap(snapshot, { edge, amountIn: amount })
    if (result.amountOut === 0n) return 0n
    moved.set(hop.pool, result.snapshot)
    amount = result.amountOut
  }
  if (commit) for (const [pool, snapshot] of moved) states.set(pool, snapshot)
  return amount
}

/**
 * Best split of `amountIn` across independent (pool-disjoint) paths: a brute-force convex solver for separable
 * concave outputs. Starts on the best single path and moves δ between every pair of paths while the exact total
 * output improves, halving δ from amountIn/2 down to 1 unit.
 */
export function bestSplit(problem: OptimalProblem, { paths, amountIn }: { paths: readonly Hop[][]; amountIn: bigint }): bigint {
  const output = (path: readonly Hop[], x: bigint): bigint => (x === 0n ? 0n : runPath(problem, new Map(), path, x, false))
  const x = paths.map(() => 0n)
  const firstOut = paths.map((p) => output(p, amountIn))
  x[firstOut.indexOf(firstOut.reduce((a, b) => (b > a ? b : a), 0n))] = amountIn
  const outs = paths.map((p, i) => output(p, x[i]!))
  for (let delta = amountIn / 2n; delta >= 1n; delta /= 2n) {
    for (let improved = true; improved; ) {
      improved = false
      for (let i = 0; i < paths.length; i++)
        for (let j = 0; j < paths.length; j++) {
          if (i === j || x[i]! < delta) continue
          const oi = output(paths[i]!, x[i]! - delta)
          const oj = output(paths[j]!, x[j]! + delta)
          if (oi + oj > outs[i]! + outs[j]!) {
            x[i] = x[i]! - delta
            x[j] = x[j]! + delta
            outs[i] = oi
            outs[j] = oj
            improved = true
          }
        }
    }
  }
  return outs.reduce((a, b) => a + b, 0n)
}

/**
 * Greedy chunked routing over simple paths: `chunks` equal parts of amountIn, each sent along the path with the
 * best exact output on the states the earlier chunks left. An achievable routing (a lower bound on the optimum).
 */
export function greedyRouting(problem: OptimalProblem, { paths, amountIn, chunks }: { paths: readonly Hop[][]; amountIn: bigint; chunks: number }): bigint {
  const states = new Map<number, PoolSnapshotBase>()
  let total = 0n
  for (let k = 0; k < chunks; k++) {
    const part = k === chunks - 1 ? amountIn - (amountIn / BigInt(chunks)) * BigInt(chunks - 1) : amountIn / BigInt(chunks)
    let best: { path: readonly Hop[]; out: bigint } | undefined
    for (const path of paths) {
      const out = runPath(problem, states, path, part, false)
      if (best === undefined || out > best.out) best = { path, out }
    }
    if (best === undefined || best.out === 0n) continue
    total += runPath(problem, states, best.path, part, true)
  }
  return total
}
