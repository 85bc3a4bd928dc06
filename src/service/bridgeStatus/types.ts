import type { PublicClient } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { BridgeStatusAnswer } from '../types.js'

/** What a bridge's follower found past the source transaction: the destination side of the answer. */
export type BridgeLegStatus = Pick<BridgeStatusAnswer, 'destinationChainId' | 'destinationTxHash' | 'status' | 'error' | 'ensoDestinationEvent'>

/** One served chain, as the status steps read it. */
export type StatusChain = { chainId: number; client: PublicClient; addressBook: ChainAddressBook }
