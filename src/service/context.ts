import type { Logger } from 'pino'
import type { ChainRuntime } from '../chain/connectChains.js'
import type { ChainAddressBook } from '../chain/addressBook.js'
import type { SnapshotStore } from '../data/createSnapshotStore.js'
import type { EnginePool } from '../engine/pool.js'
import type { QuoteStore } from './explain/createQuoteStore.js'
import type { ForbiddenAddresses } from './forbiddenAddressesOf.js'
import type { SharedCache } from './store/types.js'

/** What the use cases run against. Built once in main; injected everywhere (no globals). */
export type ServiceContext = {
  chains: Readonly<Record<number, ChainRuntime>>
  snapshots: Readonly<Record<number, SnapshotStore>>
  engine: EnginePool
  logger: Logger
  /** Most paths one input→output leg may be split across. */
  maxSplits: number
  /** Longest path in hops. */
  maxHops: number
  /**
   * Results shared with the other replicas (Redis, `SWITCHYARD_REDIS_URL`): route, bundle and bridge
   * ranking computations per block, and final bridge statuses. Unset: this process only.
   */
  sharedCache?: SharedCache | undefined
  /** Explained answers kept for `POST /shortcuts/replay` (issue 25); unset: answers are explained but not kept. */
  quotes?: QuoteStore | undefined
  /**
   * How the use cases read a book's forbidden addresses (receivers refused, contracts not external).
   * Unset: `forbiddenAddressesOf`, which checks the book for changes at every call. A batch pins it
   * (`batch/pinForbiddenAddresses`): its items are checked against the book as it stood at its first read.
   */
  forbiddenAddresses?: ((book: ChainAddressBook) => ForbiddenAddresses) | undefined
}
