import type { ChainAddressBook } from '../addressBook.js'
import type { DevnetClient } from './createDevnetClient.js'
import type { AnvilNode } from './startAnvil.js'
import type { SupervisedAnvil } from './superviseAnvil.js'

/** One running devnet chain. */
export type DevnetChain = {
  chainId: number
  rpcUrl: string
  client: DevnetClient
  addressBook: ChainAddressBook
  node: AnvilNode
  /** True when the state came from the cache rather than a fresh build. */
  fromCache: boolean
  /** Present when the node is supervised (`StartDevnetParameters.supervise`); `node` is then the same object. */
  supervisor?: SupervisedAnvil | undefined
}
