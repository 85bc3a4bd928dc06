import fc from 'fast-check'
import { expect, test } from 'vitest'
import { PoolStates } from '../graph/poolStates.js'
import { splitRouteFixture } from '../testing/splitRouteFixture.js'
import { testV2Pool } from '../testing/testV2Pool.js'
import { type Leg, evaluateLegs } from './evaluateLegs.js'
import { LOCAL_SEARCH_ROUNDS, improveSplitLegs } from './improveSplitLegs.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261126)

/** The local search as it was before the disjoint fast path: every trial evaluated whole, in order. */
function reference(states: PoolStates, legs: Leg[], amountIn: bigint, chunks: number, gasPriceWad: bigint): Leg[] {
  let current = evaluateLegs(states, { legs, gasPriceWad })
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
  return legs.filter((leg) => leg.amountIn > 0n)
}

test(`improveSplitLegs takes the same moves as whole, in-order evaluation, with disjoint or shared pools (FC_SEED=${FC_SEED})`, () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ depth: fc.integer({ min: 4, max: 12 }), price: fc.integer({ min: 80, max: 125 }) }), { minLength: 2, maxLength: 4 }),
      fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 4, maxLength: 4 }),
      fc.boolean(),
      fc.constantFrom(0n, 10n ** 9n, 10n ** 15n),
      (specs, weights, shared, gasPriceWad) => {
        // Parallel pools 0→1, plus (shared) a two-hop path through pool 0's tokens that reuses pool 0.
        const pools = specs.map(({ depth, price }, i) => testV2Pool(i, 0, 1, 10n ** BigInt(depth), (10n ** BigInt(depth) * BigInt(price)) / 100n))
        pools.push(testV2Pool(pools.length, 1, 2, 10n ** 9n, 10n ** 9n))
        const { graph, edge } = splitRouteFixture(pools)
        const states = new PoolStates(graph)
        const paths = specs.map((_, p) => [edge(p, 0)])
        if (shared) paths.push([edge(0, 0), edge(pools.length - 1, 1), edge(pools.length - 1, 2)])
        const amountIn = 10n ** BigInt(Math.max(...specs.map((s) => s.depth))) / 3n + 11n
        const total = weights.slice(0, paths.length).reduce((a, b) => a + b, 0) || 1
        const legs = paths.map((edges, k) => ({ edges, amountIn: (amountIn * BigInt(weights[k] ?? 0)) / BigInt(total) }))
        legs[0] = { ...legs[0]!, amountIn: legs[0]!.amountIn + amountIn - legs.reduce((a, l) => a + l.amountIn, 0n) }
        const current = evaluateLegs(states, { legs, gasPriceWad })
        const got = improveSplitLegs(states, { legs, current, amountIn, chunks: 20, gasPriceWad })
        const want = reference(states, legs, amountIn, 20, gasPriceWad)
        expect(got.legs.map((l) => [l.edges.join(','), l.amountIn])).toEqual(want.map((l) => [l.edges.join(','), l.amountIn]))
        expect(got.current.score).toBe(evaluateLegs(states, { legs: want, gasPriceWad }).score)
      },
    ),
    { numRuns: 80, seed: FC_SEED },
  )
})
