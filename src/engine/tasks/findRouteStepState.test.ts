import { describe, expect, test } from 'vitest'
import type { AerodromePoolSnapshot } from '../../protocols/aerodrome/types.js'
import { zapSwapAmount } from '../../protocols/aerodrome/liquidityMath.js'
import { protocolAdapters } from '../../protocols/registry.js'
import type { PoolSnapshotBase } from '../../protocols/types.js'
import type { UniswapV2PoolSnapshot } from '../../protocols/uniswap-v2/types.js'
import { buildGraph } from '../graph/buildGraph.js'
import { createSearchContext } from '../search/searchContext.js'
import { testAddress } from '../testing/randomSnapshot.js'
import { findRoute } from './findRoute.js'

// A step's data is computed from the pool's state its quote met: when a split's paths go through the same
// pool, the later path's step sees the pool as the earlier path left it. An Aerodrome deposit carries its
// split for that state, so the encoder sends the split the engine priced.
describe('findRoute step data', () => {
  test("a split's second deposit into the same Aerodrome pool carries the split for the state the first one left", () => {
    const [a, b] = [testAddress(1, 0), testAddress(1, 1)]
    const lp = testAddress(4, 0)
    const aero: AerodromePoolSnapshot = {
      protocol: 'aerodrome', address: lp, blockNumber: 1n, tokens: [a, b, lp], stable: true,
      reserve0: 1_000n * 10n ** 18n, reserve1: 800n * 10n ** 18n, decimals0: 10n ** 18n, decimals1: 10n ** 18n, fee: 5n, totalSupply: 1_800n * 10n ** 18n,
    }
    // A small stable pool where B is dearer than in a deep V2 pair: for a large amount the engine splits,
    // part of A deposited directly and part swapped into B in the pair and deposited as B (the two push the
    // pool's price opposite ways); the second deposit meets the pool as the first one left it. (On a
    // volatile pool the split depends on the input's reserve only, which the other side's zap leaves as it was.)
    const pairs: UniswapV2PoolSnapshot[] = [0].map((i) => ({ protocol: 'uniswap-v2', address: testAddress(2, i), blockNumber: 1n, tokens: [a, b], reserve0: 200_000n * 10n ** 18n, reserve1: 200_000n * 10n ** 18n, feeBps: 5 }))
    const pools: PoolSnapshotBase[] = [aero, ...pairs]
    const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, { version: '1:1', chainId: 1, blockNumber: 1n, pools }))
    const route = findRoute(context, { tokensIn: [{ token: a, amount: 4_000n * 10n ** 18n }], tokensOut: [{ token: lp }], maxHops: 2, maxSplits: 4 })
    const deposits = route.paths.flatMap((p) => p.steps).filter((s) => s.action === 'deposit')
    expect(deposits.length).toBeGreaterThanOrEqual(2)
    // Replay the paths in order, as they execute.
    const adapter = protocolAdapters.find((x) => x.slug === 'aerodrome')!
    let state = aero
    for (const step of deposits) {
      const zeroForOne = step.tokenIn === a
      expect(step.data.swapAmount).toBe(zapSwapAmount(state, { amountIn: step.amountIn, zeroForOne }).toString())
      const moved = adapter.swap(state, { edge: { tokenInIndex: zeroForOne ? 0 : 1, tokenOutIndex: 2, action: 'deposit' }, amountIn: step.amountIn })
      expect(moved.amountOut).toBe(step.amountOut)
      state = moved.snapshot as AerodromePoolSnapshot
    }
    expect(deposits.reduce((sum, s) => sum + s.amountOut, 0n)).toBe(route.amountsOut[0]!.amount)
  })
})
