import type { Address } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { BundleBridgeRoute } from '../bundle/types.js'

/** One side of a bridge edge: a chain and its address book (plain data). */
export type BridgeSide = { chainId: number; book: ChainAddressBook }

/**
 * A bridge protocol, declared like every other protocol: the edges it offers between two served chains
 * (what leaves, what arrives, through which contract), read from the address books. Fees that only the
 * chain knows (a messaging fee, a pool fee) are filled in by the service at the snapshot block.
 */
export type BridgeAdapter = {
  /** Protocol slug of its `bridge` action (`stargate`, `across`). */
  slug: 'stargate' | 'across'
  /**
   * Every name a caller may give this bridge, lowercase, the slug first: in `ignoreBridges` (any case)
   * and as a bundle bridge action's protocol. Stargate also answers to `layerzero`, its transport.
   * Cross-chain candidates are filtered by these names alone (`bridgeCandidates`).
   */
  names: readonly string[]
  /** The bridge edges from `source` to `dest`; `receiver` is our SwitchyardBridgeReceiver on `dest`. */
  edges(p: { source: BridgeSide; dest: BridgeSide; receiver: Address }): BundleBridgeRoute[]
}
