import type { Address, PublicClient } from 'viem'
import type { ChainAddressBook } from '../chain/addressBook.js'

/** What every main-thread loader (`<slug>/load.ts`) receives: the chain's client and address book. */
export type LoadContext = {
  client: PublicClient
  book: ChainAddressBook
}

/** Lowercases an address for snapshots (the engine keys tokens and pools by lowercase address). */
export function lower(address: Address): Address {
  return address.toLowerCase() as Address
}

/**
 * viem's `batchSize` for a snapshot load's Multicall3 chunks: the bytes of the calls' own calldata per
 * chunk, so 1,024 argument-less reads (`getReserves()`, 4 bytes each) or 113 `balanceOf(address)` reads,
 * a few million gas. One call for every pool (`batchSize: 0`) stops working at mainnet scale: 25,000
 * reads of 12,500 V2 pairs make a request the node refuses (or pass its `eth_call` gas cap), the one
 * call fails, and every pool of the family would drop out of the snapshot. Chunks are pinned to the same
 * block, so the snapshot stays consistent.
 */
export const SNAPSHOT_MULTICALL_BYTES = 4_096
