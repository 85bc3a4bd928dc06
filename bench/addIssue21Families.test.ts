import { describe, expect, test } from 'vitest'
import { HOSTILE_META_STATES } from './generateCurveMetaPools.js'
import { HOSTILE_NG_STATES, NG_KINDS } from './generateCurveNgPools.js'
import { generateGraph, generateQueries } from './generateGraph.js'
import { generateHostileGraph, generateHostileQueries } from './generateHostileGraph.js'
import { HOSTILE_PENDLE_STATES } from './generatePendleMarkets.js'
import { HOSTILE_TWOCRYPTO_STATES } from './generateTwocryptoPools.js'
import { mixFamilyQueries } from './mixFamilyQueries.js'
import { poolFamilyOf } from './poolFamilyOf.js'
import { checkAgainstReference } from './testing/checkAgainstReference.js'
import { toEngineSnapshot } from './toEngineSnapshot.js'

// `npm run bench` adds the other pool types issue 21 brought (Curve metapools, stableswap-ng and twocrypto-ng
// pools, Pendle markets) to its graphs; these fail if they are dropped, change the other pools' draws, or
// leave the engine's exactness through them.
describe('issue-21 pool types in the bench graphs', () => {
  test('the small graph has each family, deterministic, in the engine snapshot as its loader would read it; the other pools are unchanged', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const g = generated.graph
    expect(g.curveMetaPools).toHaveLength(6)
    expect(g.curveNgPools).toHaveLength(6)
    expect(g.twocryptoPools).toHaveLength(6)
    expect(g.pendleMarkets).toHaveLength(5)
    expect(new Set(g.curveNgPools!.map((p) => p.kind))).toEqual(new Set(NG_KINDS))
    // Metapools stand on 3-coin Curve pools of the graph, coin 1 their LP token.
    for (const m of g.curveMetaPools!) {
      const base = g.curvePools!.find((p) => p.address === m.basePool)!
      expect(base.coins).toHaveLength(3)
      expect(m.coins[1]).toBe(base.lpToken)
    }
    expect(generateGraph({ size: 'small', seed: 1, curve: true }).graph).toEqual(g)
    const classic = generateGraph({ size: 'small', seed: 1, curve: true, families: false }).graph
    expect({ tokens: g.tokens, pools: g.pools, curvePools: g.curvePools, aerodromePools: g.aerodromePools }).toEqual(classic)
    const families = toEngineSnapshot(g).pools.map(poolFamilyOf)
    expect(families.filter((f) => f === 'curve-meta')).toHaveLength(6)
    expect(families.filter((f) => f === 'curve-ng')).toHaveLength(6)
    expect(families.filter((f) => f === 'curve-twocrypto')).toHaveLength(6)
    expect(families.filter((f) => f === 'pendle')).toHaveLength(5)
    expect(generated.extraTokens!.length).toBeGreaterThan(20)
  })

  test('single path equals the exact reference on the small graph through each family', () => {
    const generated = generateGraph({ size: 'small', seed: 1, curve: true })
    const queries = mixFamilyQueries({ ...generated, queries: generateQueries({ ...generated, count: 160, seed: 4 }), share: 0.8, seed: 4 })
    for (const family of ['curve-meta', 'curve-ng', 'curve-twocrypto', 'pendle']) expect(checkAgainstReference(generated, queries, family), family).toBeGreaterThanOrEqual(3)
  })

  test('the hostile graph has the hostile states of each family, and the engine stays exact through them', () => {
    const shape = { tokens: 300, pools: 1_500, hubs: 6, sinks: 4, dustPoolsPerSink: 120, islands: 3, islandSize: 8 }
    const generated = generateHostileGraph({ seed: 7, shape, curve: true })
    const g = generated.graph
    for (const state of HOSTILE_META_STATES) expect(g.curveMetaPools!.some((p) => p.state === state), state).toBe(true)
    for (const state of HOSTILE_NG_STATES) expect(g.curveNgPools!.some((p) => p.state === state), state).toBe(true)
    for (const state of HOSTILE_TWOCRYPTO_STATES) expect(g.twocryptoPools!.some((p) => p.kind === state), state).toBe(true)
    for (const state of HOSTILE_PENDLE_STATES) expect(g.pendleMarkets!.some((p) => p.state === state), state).toBe(true)
    // A twocrypto pool far from its price scale: one side's value a thirtieth of the other's or less.
    const far = g.twocryptoPools!.find((p) => p.kind === 'far')!
    const [b0, b1] = (far.state.balances as string[]).map(Number)
    const [p0, p1] = (far.state.precisions as string[]).map(Number)
    const ratio = (b1! * p1! * (Number(far.state.priceScale) / 1e18)) / (b0! * p0!)
    expect(Math.min(ratio, 1 / ratio)).toBeLessThan(1 / 30)
    // A Pendle market near expiry: at most two days left.
    expect(g.pendleMarkets!.filter((p) => p.state === 'near-expiry').every((p) => BigInt(p.market.expiry!) - BigInt(p.timestamp) <= 2n * 86_400n)).toBe(true)
    const queries = mixFamilyQueries({ ...generated, queries: generateHostileQueries({ ...generated, count: 200, seed: 8 }), share: 0.8, seed: 8 })
    expect(checkAgainstReference(generated, queries, 'curve')).toBeGreaterThanOrEqual(20)
  })
})
