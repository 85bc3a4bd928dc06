import { describe, expect, test } from 'vitest'
import { HOSTILE_CURVE_STATES } from './generateCurvePools.js'
import { type GeneratedGraph, generateGraph, generateQueries } from './generateGraph.js'
import { generateHostileGraph, generateHostileQueries } from './generateHostileGraph.js'
import { mixStableQueries } from './mixStableQueries.js'
import { checkAgainstReference } from './testing/checkAgainstReference.js'
import { poolFamilyOf } from './poolFamilyOf.js'
import { toEngineSnapshot } from './toEngineSnapshot.js'

// `npm run bench` adds Curve StableSwap pools to its graphs (issue 21); these fail if they are dropped.
describe('Curve pools in the bench graphs', () => {
  test('the small graph has 20 Curve pools of 2 and 3 coins, balanced and imbalanced, deterministic; its V2 pairs are unchanged', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const curvePools = generated.graph.curvePools ?? []
    expect(curvePools).toHaveLength(20)
    expect(new Set(curvePools.map((p) => p.coins.length))).toEqual(new Set([2, 3]))
    expect(new Set(curvePools.map((p) => p.state))).toEqual(new Set(['balanced', 'imbalanced']))
    for (const p of curvePools) {
      expect(p.A).toBeGreaterThanOrEqual(50)
      expect(p.A).toBeLessThanOrEqual(5000)
      expect([1e6, 2e6, 3e6, 4e6]).toContain(Number(p.fee))
    }
    const decimals = new Set(curvePools.flatMap((p) => p.coins.map((c) => generated.graph.tokens.find((t) => t.address === c)!.decimals)))
    expect(decimals).toEqual(new Set([6, 18]))
    expect(generateGraph({ size: 'small', seed: 1, curve: true }).graph.curvePools).toEqual(curvePools)
    const pairs = (g: GeneratedGraph) => g.graph.pools.map((p) => `${p.token0}:${p.token1}`)
    expect(pairs(generated)).toEqual(pairs(generateGraph({ size: 'small', seed: 1 })))
    const snapshot = toEngineSnapshot(generated.graph)
    expect(snapshot.pools.filter((p) => poolFamilyOf(p) === 'curve')).toHaveLength(20)
  })

  test('single path equals the exact reference on the small graph with Curve, on stablecoin and ordinary queries; some cross Curve', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const queries = mixStableQueries({ ...generated, queries: generateQueries({ ...generated, count: 150, seed: 2 }), share: 0.2, seed: 2 })
    expect(checkAgainstReference(generated, queries)).toBeGreaterThanOrEqual(15)
  })

  test('the hostile graph has the hostile Curve states, and the engine stays exact through them', () => {
    const shape = { tokens: 300, pools: 1_500, hubs: 6, sinks: 4, dustPoolsPerSink: 120, islands: 3, islandSize: 8 }
    const generated = generateHostileGraph({ seed: 7, shape, curve: true })
    const curvePools = generated.graph.curvePools ?? []
    expect(curvePools).toHaveLength(30)
    for (const state of HOSTILE_CURVE_STATES) expect(curvePools.some((p) => p.state === state), state).toBe(true)
    expect(curvePools.filter((p) => p.state === 'a1').every((p) => p.A === 1)).toBe(true)
    expect(curvePools.filter((p) => p.state === 'near-empty').every((p) => p.balances.some((b) => BigInt(b) <= 1000n))).toBe(true)
    const queries = mixStableQueries({ ...generated, queries: generateHostileQueries({ ...generated, count: 150, seed: 8 }), share: 0.3, seed: 8 })
    expect(checkAgainstReference(generated, queries)).toBeGreaterThanOrEqual(25)
  })
})
