import { type Address, zeroAddress } from 'viem'
import type { DeployBridgeReceiverParameters } from '../contracts/deployBridgeReceiver.js'
import type { ChainAddressBook } from './addressBook.js'

/** The parts of a chain's address book that `discoverBridges` reads and writes. */
export type BridgesOfBook = Pick<ChainAddressBook, 'chainId' | 'switchyard' | 'layerZero' | 'stargate' | 'across'>

/**
 * The constructor arguments of the chain's SwitchyardBridgeReceiver, which pin its CREATE2 address: the
 * bridges `discoverBridges` found and our bridge sender; undefined when the chain has no bridge (or
 * no sender). `npm run contracts:deploy` deploys the receiver with these, so discovery finds it.
 */
export function bridgeReceiverParametersOf(book: BridgesOfBook): DeployBridgeReceiverParameters | undefined {
  const sender = book.switchyard?.['bridgeSender'] as Address | undefined
  if (!sender || !(book.layerZero || book.across)) return undefined
  return {
    endpoint: book.layerZero?.endpoint ?? zeroAddress,
    spokePool: book.across?.spokePool ?? zeroAddress,
    bridgeSender: sender,
    stargatePools: (book.stargate?.pools ?? []).map((p) => p.pool),
  }
}
