import type { Hex } from 'viem'
import type { PoolIndexStream } from './poolIndex.js'

/** Block 0's hash on the real networks: a node that serves it holds their history (a fork included). */
const realGenesis: Record<number, Hex> = {
  1: '0xd4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3',
  8453: '0xf712aa9241cc24369b143cf6dce85f0902a9731e70d66818a3a5845b296c73dd',
}

/**
 * Where each stream starts on the real networks. Ethereum: the creation events start at the Uniswap V2
 * factory's deployment (block 10,000,835, the earliest of the protocols read: Balancer V2's Vault came at
 * 12,272,146, Uniswap V3's factory at 12,369,621, Morpho Blue at 18,883,124, the V4 PoolManager at
 * 21,688,329); the ERC-4626 Deposit topic at 13,800,000 (December 2021, when EIP-4626 was drafted).
 * Base is young: both streams start at 0.
 */
const knownStarts: Record<number, Record<PoolIndexStream, bigint>> = {
  1: { creations: 10_000_835n, vaults: 13_800_000n },
}

/**
 * The first block each log stream reads: the configured start block when set, else the known
 * deployment blocks when the node's block 0 is the real network's (on a devnet or any other chain
 * history, the canonical addresses may hold code deployed at any block: 0).
 * @returns the start block per stream
 */
export function discoveryStartBlocks({ chainId, genesisHash, configured }: { chainId: number; genesisHash: Hex; configured?: bigint | undefined }): Record<PoolIndexStream, bigint> {
  if (configured !== undefined) return { creations: configured, vaults: configured }
  const known = knownStarts[chainId]
  if (known && realGenesis[chainId]?.toLowerCase() === genesisHash.toLowerCase()) return { ...known }
  return { creations: 0n, vaults: 0n }
}
