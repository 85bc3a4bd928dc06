import { describe, expect, test } from 'vitest'
import { generateGraph } from '../generateGraph.js'
import { toEngineSnapshot } from '../toEngineSnapshot.js'
import { buildOptimalProblem } from './buildOptimalProblem.js'
import { equilibrateGraph } from './equilibrateGraph.js'
import { marginalPrices } from './marginalPrices.js'

describe('equilibrateGraph', () => {
  const generated = generateGraph({ size: 'small', seed: 1 })
  const { graph, moved } = equilibrateGraph(generated)

  test('every pool ends inside its fee band at the USD prices; only the pools outside it moved, each by one V2 swap', () => {
    const index = new Map(graph.tokens.map((t, i) => [t.address, i]))
    const unit = graph.tokens.map((t, i) => generated.pricesUsd[i]! / 10 ** t.decimals)
    let changed = 0
    graph.pools.forEach((pool, i) => {
      const before = generated.graph.pools[i]!
      const fair = unit[index.get(pool.token0)!]! / unit[index.get(pool.token1)!]!
      const spot = Number(pool.reserve1) / Number(pool.reserve0)
      expect(spot).toBeGreaterThanOrEqual(0.997 * fair)
      expect(spot).toBeLessThanOrEqual(fair / 0.997)
      if (pool.reserve0 === before.reserve0 && pool.reserve1 === before.reserve1) return
      changed++
      // One exact swap: the reserves move in opposite directions and k does not fall.
      expect(BigInt(pool.reserve0) > BigInt(before.reserve0)).toBe(BigInt(pool.reserve1) < BigInt(before.reserve1))
      expect(BigInt(pool.reserve0) * BigInt(pool.reserve1) >= BigInt(before.reserve0) * BigInt(before.reserve1)).toBe(true)
    })
    expect(changed).toBe(moved)
    expect(moved).toMatchInlineSnapshot(`143`)
  })

  test('the raw graph holds a cycle of marginal rates above 1; the equilibrated one does not', () => {
    const rawProblem = buildOptimalProblem(toEngineSnapshot(generated.graph))
    const problem = buildOptimalProblem(toEngineSnapshot(graph))
    const settledRaw = [0, 1, 5, 50].map((t) => marginalPrices(rawProblem, { tokenOut: t, maxPasses: 40 }).settled)
    expect(settledRaw).toContain(false)
    for (const t of [0, 1, 5, 50]) expect(marginalPrices(problem, { tokenOut: t }).settled).toBe(true)
  })
})
