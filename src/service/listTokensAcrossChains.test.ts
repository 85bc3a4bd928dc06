import type { Address, Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../chain/connectChains.js'
import { snapshotVersionOf } from '../data/snapshotVersionOf.js'
import type { EngineSnapshot } from '../engine/types.js'
import type { ServiceContext } from './context.js'
import { listTokens } from './listTokens.js'
import { a, bookOf } from './testing/sampleAddressBook.js'

// Issue 28 item 6: token catalogs are built once per snapshot version; two chains at the same block
// number and hash list their own tokens.

const HASH: Hex = `0x${'c4'.repeat(32)}`

/** A chain at block 100 (hash `HASH`) whose book names one token, `symbol` at `address`; nothing is read from its node. */
function chainOf(chainId: number, symbol: string, address: Address) {
  const book = { ...bookOf(), chainId, tokens: { [symbol]: { address, symbol, name: symbol, decimals: 18, priceUsd: 1, kind: 'erc20' as const } }, uniswapV2: { ...bookOf().uniswapV2, pairs: [] } }
  const client = { request: () => Promise.reject(new Error('no node read expected')) }
  const runtime = { chainId, rpcUrl: '', source: 'external', client, addressBook: book } as unknown as ChainRuntime
  const snapshot: EngineSnapshot = { version: snapshotVersionOf({ chainId, blockNumber: 100n, hash: HASH }), chainId, blockNumber: 100n, timestamp: 1_700_000_000n, pools: [] }
  return { runtime, snapshot }
}

describe('listTokens', () => {
  test('two chains at the same block number and hash each list their own catalog', async () => {
    const one = chainOf(1, 'ONE', a(0x101))
    const base = chainOf(8453, 'BASE', a(0x102))
    const ctx = {
      chains: { 1: one.runtime, 8453: base.runtime },
      snapshots: { 1: { current: async () => one.snapshot }, 8453: { current: async () => base.snapshot } },
    } as unknown as ServiceContext
    const listed = async (chainId: number) => (await listTokens(ctx, { chainId, pageSize: 100 })).data.map((t) => [t.chainId, t.symbol, t.address])
    expect(await listed(1)).toEqual([[1, 'ONE', a(0x101)]])
    expect(await listed(8453)).toEqual([[8453, 'BASE', a(0x102)]])
  })
})
