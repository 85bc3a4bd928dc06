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
