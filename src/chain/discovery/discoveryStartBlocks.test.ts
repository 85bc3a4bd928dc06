import { describe, expect, it } from 'vitest'
import { discoveryStartBlocks } from './discoveryStartBlocks.js'

const MAINNET = '0xd4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3'
const DEVNET = `0x${'9c'.repeat(32)}` as const

describe('discoveryStartBlocks', () => {
  it('starts at the protocols’ deployment on Ethereum’s own history (a node or a fork), at 0 elsewhere', () => {
    expect(discoveryStartBlocks({ chainId: 1, genesisHash: MAINNET })).toEqual({ creations: 10_000_835n, vaults: 13_800_000n })
    expect(discoveryStartBlocks({ chainId: 1, genesisHash: DEVNET })).toEqual({ creations: 0n, vaults: 0n })
    expect(discoveryStartBlocks({ chainId: 8453, genesisHash: MAINNET })).toEqual({ creations: 0n, vaults: 0n })
  })

  it('takes the configured start for both streams', () => {
    expect(discoveryStartBlocks({ chainId: 1, genesisHash: MAINNET, configured: 20_000_000n })).toEqual({ creations: 20_000_000n, vaults: 20_000_000n })
  })
})
