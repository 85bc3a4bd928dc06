import { describe, expect, test } from 'vitest'
import { HOSTILE_AERODROME_STATES } from './generateAerodromePools.js'
import { generateGraph, generateQueries } from './generateGraph.js'
import { generateHostileGraph, generateHostileQueries } from './generateHostileGraph.js'
import { mixStableQueries } from './mixStableQueries.js'
import { checkAgainstReference } from './testing/checkAgainstReference.js'
import { poolFamilyOf } from './poolFamilyOf.js'
import { toEngineSnapshot } from './toEngineSnapshot.js'
import type { BenchQuery } from './types.js'

/** Queries between the two tokens of each Aerodrome pool, both ways, at 0.1–30 % of the input side's reserve. */
function aerodromeQueries(pools: readonly { token0: string; token1: string; reserve0: string; reserve1: string }[]): BenchQuery[] {
  return pools.flatMap((p, k) => {
    const share = [1000n, 30n, 4n][k % 3]!
    return [
      { tokenIn: p.token0, tokenOut: p.token1, amountIn: (BigInt(p.reserve0) / share + 1n).toString() },
      { tokenIn: p.token1, tokenOut: p.token0, amountIn: (BigInt(p.reserve1) / share + 1n).toString() },
    ]
  })
}

// `npm run bench` adds Aerodrome classic pools to its graphs (issue 21); these fail if they are dropped.
describe('Aerodrome pools in the bench graphs', () => {
  test('the small graph has 10 Aerodrome pools, stable and volatile, deterministic; the V2 and Curve pools are unchanged', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const pools = generated.graph.aerodromePools ?? []
    expect(pools).toHaveLength(10)
    expect(pools.filter((p) => p.stable)).toHaveLength(5)
    for (const p of pools) expect(p.stable ? p.fee >= 1 && p.fee <= 5 : p.fee === 30).toBe(true)
    expect(generateGraph({ size: 'small', seed: 1, curve: true }).graph).toEqual(generated.graph)
    const snapshot = toEngineSnapshot(generated.graph)
    expect(snapshot.pools.filter((p) => p.protocol === 'aerodrome')).toHaveLength(10)
    expect(snapshot.pools.filter((p) => poolFamilyOf(p) === 'curve')).toHaveLength(20)
  })

  test('single path equals the exact reference on the small graph through its Aerodrome pools; some best paths cross one', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const queries = [...aerodromeQueries(generated.graph.aerodromePools ?? []), ...mixStableQueries({ ...generated, queries: generateQueries({ ...generated, count: 60, seed: 3 }), share: 0.2, seed: 3 })]
    expect(checkAgainstReference(generated, queries, 'aerodrome')).toBeGreaterThanOrEqual(5)
  })

  test('the hostile graph has drained and dust Aerodrome pools, and the engine stays exact through them', () => {
    const shape = { tokens: 300, pools: 1_500, hubs: 6, sinks: 4, dustPoolsPerSink: 120, islands: 3, islandSize: 8 }
    const generated = generateHostileGraph({ seed: 7, shape, curve: true })
    const pools = generated.graph.aerodromePools ?? []
    expect(pools).toHaveLength(15)
    for (const state of HOSTILE_AERODROME_STATES) expect(pools.some((p) => p.state === state), state).toBe(true)
    const queries = [...aerodromeQueries(pools), ...generateHostileQueries({ ...generated, count: 60, seed: 8 })]
    expect(checkAgainstReference(generated, queries, 'aerodrome')).toBeGreaterThanOrEqual(8)
  })
})
