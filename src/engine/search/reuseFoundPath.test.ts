import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../../protocols/registry.js'
import { buildGraph } from '../graph/buildGraph.js'
import { PoolStates } from '../graph/poolStates.js'
import { randomSnapshot } from '../testing/randomSnapshot.js'
import { createSearchMask } from './createSearchMask.js'
import { findBestPath } from './findBestPath.js'
import { type FoundPath, reuseFoundPath } from './reuseFoundPath.js'
import { createSearchContext } from './searchContext.js'

describe('reuseFoundPath', () => {
  const graph = buildGraph({ adapters: protocolAdapters }, randomSnapshot({ seed: 5, tokens: 8, v2Pools: 40, v3Pools: 4, minExp: 6, maxExp: 9 }))
  const context = createSearchContext(graph)
  const states = new PoolStates(graph)

  test('answers only from a certified search at the same amount whose bans are a subset and whose path avoids the new bans', () => {
    const found: FoundPath[] = [{ amount: 10n, extra: [1], edges: [0] }]
    const pool0 = graph.edgePool[0]!
    expect(reuseFoundPath(context, { found, extra: [1], amount: 11n })).toBe(false)
    expect(reuseFoundPath(context, { found, extra: [2], amount: 10n })).toBe(false)
    expect(reuseFoundPath(context, { found, extra: [1, pool0], amount: 10n })).toBe(false)
    expect(reuseFoundPath(context, { found, extra: [pool0 + 1, 1].filter((p, i, a) => a.indexOf(p) === i), amount: 10n })).toEqual(pool0 === 1 ? false : [0])
    expect(reuseFoundPath(context, { found: [{ amount: 10n, extra: [], edges: undefined }], extra: [3], amount: 10n })).toBeUndefined()
  })

  test('a reused path scores exactly as the fresh search with the larger ban set', () => {
    let reused = 0
    for (let source = 0; source < 4; source++) {
      for (let target = 4; target < 8; target++) {
        const amountIn = 10n ** 7n
        const search = (extra: readonly number[]) => {
          const poolBanned = new Uint8Array(graph.pools.length)
          for (const p of extra) poolBanned[p] = 1
          return findBestPath(context, { source, target, amountIn, maxHops: 3, mask: { ...createSearchMask(graph, {}), poolBanned }, gasPriceWad: 0n, states })
        }
        const first = search([])
        if (!first.certified) continue
        const found: FoundPath[] = [{ amount: amountIn, extra: [], edges: first.best?.edges }]
        for (let pool = 0; pool < graph.pools.length; pool++) {
          const known = reuseFoundPath(context, { found, extra: [pool], amount: amountIn })
          if (known === false) continue
          reused++
          const fresh = search([pool])
          expect(known === undefined).toBe(fresh.best === undefined)
          if (known !== undefined) expect(fresh.best!.score).toBe(first.best!.score)
        }
      }
    }
    expect(reused).toBeGreaterThan(100)
  })
})
