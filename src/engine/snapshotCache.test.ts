import { describe, expect, test } from 'vitest'
import { protocolAdapters } from '../protocols/registry.js'
import type { UniswapV2PoolSnapshot } from '../protocols/uniswap-v2/types.js'
import { createSnapshotCache } from './snapshotCache.js'
import type { EngineSnapshot } from './types.js'

// Issue 28 item 6: a worker keeps graphs by snapshot version; two chains at the same block number
// and hash must each get their own graph.

const t = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const

/** One V2 pair between two tokens of `chainId`, at block 100. */
function snapshotOf(chainId: number, tokens: readonly [number, number]): EngineSnapshot {
  const pair: UniswapV2PoolSnapshot = {
    protocol: 'uniswap-v2', address: t(chainId * 1000), blockNumber: 100n, tokens: [t(tokens[0]), t(tokens[1])], reserve0: 10n ** 24n, reserve1: 10n ** 24n, feeBps: 30,
  }
  // As data/snapshotVersionOf names it (the engine does not import data/): chain, number, hash prefix.
  return { version: `${chainId}:100:abababababab`, chainId, blockNumber: 100n, pools: [pair] }
}

describe('createSnapshotCache', () => {
  test('two chains at the same block number and hash keep two graphs', () => {
    const cache = createSnapshotCache({ adapters: protocolAdapters })
    const one = snapshotOf(1, [1, 2])
    const base = snapshotOf(8453, [3, 4])
    cache.install(one)
    cache.install(base)
    expect(cache.versions()).toEqual([one.version, base.version])
    expect(cache.get(one.version)?.graph.tokens).toEqual([t(1), t(2)])
    expect(cache.get(base.version)?.graph.tokens).toEqual([t(3), t(4)])
  })

  test('installing a version again is a hit; capacity evicts the least recently used', () => {
    const cache = createSnapshotCache({ adapters: protocolAdapters, capacity: 2 })
    const [a, b, c] = [snapshotOf(1, [1, 2]), snapshotOf(8453, [3, 4]), snapshotOf(10, [5, 6])]
    const first = cache.install(a)
    expect(cache.install(a)).toBe(first)
    cache.install(b)
    cache.get(a.version)
    cache.install(c)
    expect(cache.versions()).toEqual([a.version, c.version])
  })
})
