import { describe, expect, test } from 'vitest'
import { generateGraph } from '../generateGraph.js'
import { equilibrateGraph } from './equilibrateGraph.js'
import { runOptimalGap } from './runOptimalGap.js'
import { summarizeNetOfGas } from './summarizeNetOfGas.js'

// The gap bench end to end on the small graph, one query per bucket: the engine's exact output never exceeds the
// certified bound, and the reference pins each optimum.
describe('runOptimalGap on the small bench graph', () => {
  test('one query per bucket: engine ≤ bound, gaps ordered, pinned, summary per bucket and overall', () => {
    const generated = generateGraph({ size: 'small', seed: 1 })
    const lines: string[] = []
    const { rows, summary } = runOptimalGap({ generated, graph: equilibrateGraph(generated).graph, perBucket: 1, seed: 2, minUsd: 10, maxHops: 3, maxSplits: 4, tolerance: 1e-5, budgetMs: 10_000, log: (l) => lines.push(l) })
    expect(rows).toHaveLength(4)
    expect(lines).toHaveLength(4)
    for (const row of rows) {
      expect(BigInt(row.engine) <= BigInt(row.upperBound)).toBe(true)
      expect(BigInt(row.achievable) <= BigInt(row.upperBound)).toBe(true)
      expect(row.toAchievable).toBeLessThanOrEqual(row.toBound)
      expect(row.singleToBound).toBeGreaterThanOrEqual(row.toBound)
      expect(row.pinBps).toBeLessThan(1)
    }
    expect(summary.map((s) => [s.bucket, s.n, s.aboveBound])).toEqual([['small', 1, 0], ['medium', 1, 0], ['large', 1, 0], ['whale', 1, 0], ['all', 4, 0]])
  })

  test('net of gas: each row carries the engine gas-aware net and the top-k restricted optima, summarized per k', () => {
    const generated = generateGraph({ size: 'small', seed: 1 })
    const { rows } = runOptimalGap({ generated, graph: equilibrateGraph(generated).graph, perBucket: 1, seed: 2, minUsd: 10, maxHops: 3, maxSplits: 4, tolerance: 1e-5, budgetMs: 10_000, netOfGas: { gasPriceGwei: 10, ks: [1, 4] }, log: () => {} })
    for (const row of rows) {
      const net = row.net!
      expect(net.restricted.map((r) => r.k)).toEqual([1, 4])
      expect(net.restricted[0]!.pools).toBeLessThanOrEqual(1)
      expect(net.restricted[1]!.pools).toBeLessThanOrEqual(4)
      // Less gas than the gas-free output, and gas is positive wherever a pool is used.
      expect(BigInt(net.engineNet) < BigInt(row.engine) || net.enginePools === 0).toBe(true)
      expect(BigInt(net.optimumNet) < BigInt(row.achievable)).toBe(true)
    }
    const summary = summarizeNetOfGas(rows, [1, 4])
    expect(summary.map((s) => [s.k, s.n])).toEqual([[1, 4], [4, 4], ['all', 4]])
    for (const s of summary) expect(s.engineAtLeast).toBeLessThanOrEqual(s.n)
  })
})
