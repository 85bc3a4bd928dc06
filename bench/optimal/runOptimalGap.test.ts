import { describe, expect, test } from 'vitest'
import { generateGraph } from '../generateGraph.js'
import { equilibrateGraph } from './equilibrateGraph.js'
import { runOptimalGap } from './runOptimalGap.js'

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
})
