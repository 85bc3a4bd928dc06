import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { bruteForceBestPath } from './bruteForceBestPath.js'
import { findBestPath } from './findBestPath.js'
import { createSearchContext } from './searchContext.js'

const allEnabled = { adapterEnabled: new Uint8Array(protocolAdapters.length).fill(1) }

function check(seed: number, options: { v3?: number; balancer?: number; maxHops: number; queries: number }): void {
  const snapshot = randomSnapshot({ seed, tokens: 9, v2Pools: 22, v3Pools: options.v3, balancerPools: options.balancer })
  const graph = buildGraph({ adapters: protocolAdapters }, snapshot)
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)
  const n = graph.tokens.length
  for (let q = 0; q < options.queries; q++) {
    const source = (seed + q * 7) % n
    const target = (seed + q * 3 + 1) % n
    if (source === target) continue
    const amountIn = 10n ** BigInt(2 + ((seed + q) % 22)) + BigInt(q)
    const expected = bruteForceBestPath(graph, { source, target, amountIn, maxHops: options.maxHops })
    const result = findBestPath(context, { source, target, amountIn, maxHops: options.maxHops, mask: allEnabled, gasPriceWad: 0n, states })
    expect(result.certified).toBe(true)
    expect(result.best?.amountOut ?? 0n, `seed=${seed} q=${q} ${source}->${target} amountIn=${amountIn}`).toBe(expected.amountOut)
  }
}

describe('findBestPath equals brute force on small random graphs', () => {
  for (const maxHops of [1, 2, 3, 4]) {
    test(`v2 only, maxHops=${maxHops}`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => check(seed, { maxHops, queries: 6 })),
        { numRuns: 40, seed: 20240601 + maxHops },
      )
    })
  }
  test('mixed v2, v3 and 3-token Balancer pools, maxHops=4', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => check(seed, { v3: 4, balancer: 4, maxHops: 4, queries: 5 })),
      { numRuns: 30, seed: 777 },
    )
  })
})
