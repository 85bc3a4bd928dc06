import { describe, expect, test } from 'vitest'
import { twocryptoTestPool } from '../../protocols/curve/testing/twocryptoTestPool.js'
import type { CurveTwocryptoSnapshot } from '../../protocols/curve/twocryptoTypes.js'
import { protocolAdapters } from '../../protocols/registry.js'
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import { createSearchContext } from '../search/searchContext.js'
import { findRoute } from '../tasks/findRoute.js'
import type { EngineSnapshot } from '../types.js'
import { buildGraph } from './buildGraph.js'
import type { TokenGraph } from './types.js'

const E18 = 10n ** 18n
const crypto = twocryptoTestPool({ usd: 60_000_000n, price: 3_000n * E18, decimals: [18, 18] })
const [weth, crv] = crypto.tokens as [`0x${string}`, `0x${string}`]
const v2: UniswapV2PoolSnapshot = { protocol: 'uniswap-v2', address: '0x00000000000000000000000000000000000000a2', blockNumber: 1n, tokens: [weth, crv], reserve0: 5_000n * E18, reserve1: 15_000_000n * E18, feeBps: 30 }

/** Version `n` of the chain: the same pools read one block later (the snapshot carries the block's timestamp and oracle forward). */
function version(n: number, change: Partial<CurveTwocryptoSnapshot> = {}): EngineSnapshot {
  const at = 1_000n + BigInt(n) * 12n
  return {
    version: `v${n}`, chainId: 1, blockNumber: BigInt(n),
    pools: [{ ...crypto, blockNumber: BigInt(n), timestamp: at, oracleTimestamp: at, ...change }, { ...v2, blockNumber: BigInt(n) }],
  }
}
const cryptoEdges = (graph: TokenGraph) => graph.pools[0]!.edgeIds.map((e) => graph.edgeCustom[e])
const route = (graph: TokenGraph) => findRoute(createSearchContext(graph), { tokensIn: [{ token: weth, amount: 2_000n * E18 }], tokensOut: [{ token: crv }], maxHops: 2, maxSplits: 4 })

describe('buildGraph with the previous version', () => {
  test('a twocrypto pool whose state did not change keeps its float models (grids built once); a changed or ramping one gets new ones', () => {
    const first = buildGraph({ adapters: protocolAdapters }, version(1))
    route(first)
    const next = buildGraph({ adapters: protocolAdapters, previous: first }, version(2))
    expect(cryptoEdges(next)).toEqual(cryptoEdges(first))
    cryptoEdges(next).forEach((model, k) => expect(model).toBe(cryptoEdges(first)[k]))
    const traded = buildGraph({ adapters: protocolAdapters, previous: next }, version(3, { balances: [crypto.balances[0]! + E18, crypto.balances[1]!] }))
    cryptoEdges(traded).forEach((model, k) => expect(model).not.toBe(cryptoEdges(next)[k]))
    const ramping = buildGraph({ adapters: protocolAdapters, previous: next }, version(3, { futureAGammaTime: 10_000n }))
    cryptoEdges(ramping).forEach((model, k) => expect(model).not.toBe(cryptoEdges(next)[k]))
    // A ramp that ends between two blocks changes no field, only the block's timestamp: new models too.
    const during = buildGraph({ adapters: protocolAdapters }, version(4, { futureAGammaTime: 1_060n }))
    const after = buildGraph({ adapters: protocolAdapters, previous: during }, version(5, { futureAGammaTime: 1_060n }))
    cryptoEdges(after).forEach((model, k) => expect(model).not.toBe(cryptoEdges(during)[k]))
  })

  test('the answers are the same with the kept models as with models built afresh', () => {
    let previous: TokenGraph | undefined
    for (let n = 1; n <= 4; n++) {
      const change = n === 3 ? { balances: [crypto.balances[0]! * 2n, crypto.balances[1]!] } : {}
      const kept = buildGraph({ adapters: protocolAdapters, previous }, version(n, change))
      const fresh = buildGraph({ adapters: protocolAdapters }, version(n, change))
      expect(route(kept)).toEqual(route(fresh))
      previous = kept
    }
  })
})
