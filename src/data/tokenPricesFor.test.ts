import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { EngineSnapshot } from '../engine/types.js'
import type { UniswapV2PoolSnapshot } from '../protocols/uniswap-v2/types.js'
import { bookOf, PAIR, USDC, WETH } from '../service/testing/sampleAddressBook.js'
import { snapshotVersionOf } from './snapshotVersionOf.js'
import { tokenPricesFor } from './tokenPricesFor.js'

// Issue 28 item 6: prices are computed once per snapshot version; two chains at the same block
// number and hash each price from their own pools.

const HASH: Hex = `0x${'7e'.repeat(32)}`

/** The sample book's USDC/WETH pair on `chainId` at block 100, with `usdc` USDC against 1,000 WETH. */
function snapshotOf(chainId: number, usdc: bigint): EngineSnapshot {
  const pair: UniswapV2PoolSnapshot = {
    protocol: 'uniswap-v2', address: PAIR, blockNumber: 100n, tokens: [USDC.toLowerCase() as Hex, WETH.toLowerCase() as Hex], reserve0: usdc * 10n ** 6n, reserve1: 1_000n * 10n ** 18n, feeBps: 30,
  }
  return { version: snapshotVersionOf({ chainId, blockNumber: 100n, hash: HASH }), chainId, blockNumber: 100n, pools: [pair] }
}

describe('tokenPricesFor', () => {
  test('two chains at the same block number and hash price from their own pools', () => {
    const one = tokenPricesFor(snapshotOf(1, 3_000_000n), { ...bookOf(), chainId: 1 })
    const base = tokenPricesFor(snapshotOf(8453, 2_000_000n), { ...bookOf(), chainId: 8453 })
    expect(one.get(WETH.toLowerCase())?.price).toBeCloseTo(3_000, 6)
    expect(base.get(WETH.toLowerCase())?.price).toBeCloseTo(2_000, 6)
  })

  test('one version is computed once', () => {
    const snapshot = snapshotOf(10, 2_500_000n)
    expect(tokenPricesFor(snapshot, bookOf())).toBe(tokenPricesFor({ ...snapshot, pools: [] }, bookOf()))
  })
})
