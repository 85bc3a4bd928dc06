import type { Hex, PublicClient } from 'viem'
import { describe, expect, test } from 'vitest'
import { bookOf } from '../service/testing/sampleAddressBook.js'
import { createSnapshotStore } from './createSnapshotStore.js'
import { snapshotVersionOf } from './snapshotVersionOf.js'

// Issue 28 item 6: every cache of chain state is keyed by this version, so two chains at the same
// height, even with the same block hash (two devnets from one genesis), must never share one.

const HASH: Hex = `0x${'ab'.repeat(32)}`

describe('snapshotVersionOf', () => {
  test('two chains at the same block number and hash have different versions', () => {
    expect(snapshotVersionOf({ chainId: 1, blockNumber: 100n, hash: HASH })).not.toBe(snapshotVersionOf({ chainId: 8453, blockNumber: 100n, hash: HASH }))
  })

  test('one chain at one height: another hash is another state (reorg, revert)', () => {
    expect(snapshotVersionOf({ chainId: 1, blockNumber: 100n, hash: HASH })).not.toBe(snapshotVersionOf({ chainId: 1, blockNumber: 100n, hash: `0x${'cd'.repeat(32)}` }))
    expect(snapshotVersionOf({ chainId: 1, blockNumber: 100n, hash: HASH })).not.toBe(snapshotVersionOf({ chainId: 1, blockNumber: 101n, hash: HASH }))
  })

  test('chain, number, hash prefix', () => {
    expect(snapshotVersionOf({ chainId: 8453, blockNumber: 100n, hash: HASH })).toBe('8453:100:abababababab')
  })
})

describe('createSnapshotStore versions', () => {
  /** A node whose head is block 100 with `HASH`, and whose protocols hold no pools. */
  const node = () => ({
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_getBlockByNumber') return { number: '0x64', hash: HASH, timestamp: '0x6553f100' }
      throw new Error(`unexpected ${method}`)
    },
    multicall: async ({ contracts }: { contracts: unknown[] }) => contracts.map(() => ({ status: 'failure', error: new Error('no pool') })),
  }) as unknown as PublicClient
  const emptyBook = (chainId: number) => ({ ...bookOf(), chainId, uniswapV2: { ...bookOf().uniswapV2, pairs: [] }, across: undefined })

  test('two chains whose heads share number and hash get two versions, each naming its chain', async () => {
    const one = await createSnapshotStore({ chainId: 1, client: node(), book: emptyBook(1) }).current()
    const base = await createSnapshotStore({ chainId: 8453, client: node(), book: emptyBook(8453) }).current()
    expect([one.blockNumber, base.blockNumber]).toEqual([100n, 100n])
    expect([one.version, base.version]).toEqual(['1:100:abababababab', '8453:100:abababababab'])
  })
})
