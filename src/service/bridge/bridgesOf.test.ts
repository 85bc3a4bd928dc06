import { getAddress, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { a, bookOf } from '../testing/sampleAddressBook.js'
import { bridgesOf } from './bridgesOf.js'

// Issue 28 item 6: bridges are read once per chain and block; two chains at the same block number
// must each get their own (their own sender, their own edges and fees).

/** A chain with our bridge sender at `sender` and no bridge protocol deployed (nothing to read from its node). */
function chainWith(chainId: number, sender: Address): ChainRuntime {
  const { across: _across, layerZero: _layerZero, ...book } = bookOf()
  const client = { readContract: () => Promise.reject(new Error('no node read expected')) }
  return { chainId, rpcUrl: '', source: 'devnet', client, addressBook: { ...book, chainId, switchyard: { ...book.switchyard, bridgeSender: sender } } } as unknown as ChainRuntime
}

describe('bridgesOf', () => {
  test('two chains at the same block number: each its own bridges', async () => {
    const chains = { 1: chainWith(1, a(0x901)), 8453: chainWith(8453, a(0x902)) }
    const at = { blockNumber: 4_242n, timestamp: 1_700_000_000n }
    expect((await bridgesOf(chains, { chainId: 1, ...at }))?.sender).toBe(getAddress(a(0x901)))
    expect((await bridgesOf(chains, { chainId: 8453, ...at }))?.sender).toBe(getAddress(a(0x902)))
  })
})
