import { join } from 'node:path'
import type { Logger } from 'pino'
import type { ChainRuntime } from '../chain/connectChains.js'
import { createSnapshotStore, type SnapshotStore } from '../data/createSnapshotStore.js'
import { createEnginePool, type EnginePool } from '../engine/pool.js'
import type { ServiceContext } from './context.js'
import { createQuoteStore } from './explain/createQuoteStore.js'
import type { SharedCache } from './store/types.js'

/** Parameters of {@link createServiceContext}. */
export type CreateServiceContextParameters = {
  chains: Readonly<Record<number, ChainRuntime>>
  logger: Logger
  /** Engine worker threads; default: available parallelism. */
  threads?: number | undefined
  maxSplits?: number | undefined
  maxHops?: number | undefined
  /** The store's shared cache (`Store.cache`); unset runs in-process only. */
  sharedCache?: SharedCache | undefined
  /**
   * The state directory: an external chain's snapshot is kept in `<stateDir>/snapshots/<chainId>.v8`, so a
   * restart catches up from it by logs instead of reading every pool again (devnet chains start from their
   * own cached state and skip it).
   */
  stateDir?: string | undefined
  /**
   * A worker pool made earlier (startSwitchyard makes it before connecting the chains, so its threads load
   * their modules while discovery runs); closed by `close()` like one made here.
   */
  engine?: EnginePool | undefined
}

/** Snapshot versions the engine pool keeps for resending: four per chain, at least four. */
export const engineVersionsKept = (chainCount: number) => Math.max(4, 4 * chainCount)

/**
 * Wires the use cases' dependencies: one snapshot store per chain and the engine's worker pool.
 * @returns the context and a `close()` that stops the workers
 */
export function createServiceContext(params: CreateServiceContextParameters): ServiceContext & { close(): Promise<void> } {
  const snapshots: Record<number, SnapshotStore> = {}
  for (const c of Object.values(params.chains)) {
    const log = params.logger.child({ component: 'snapshot', chainId: c.chainId })
    snapshots[c.chainId] = createSnapshotStore({
      chainId: c.chainId,
      client: c.client,
      book: c.addressBook,
      persistPath: params.stateDir !== undefined && c.source === 'external' ? join(params.stateDir, 'snapshots', `${c.chainId}.v8`) : undefined,
      // Never a silent skip: pools the book lists that a full load did not return are named.
      onIncomplete: (info) => log.warn({ ...info, blockNumber: String(info.blockNumber) }, `snapshot: ${info.listed - info.loaded} of ${info.listed} listed pools did not load at block ${info.blockNumber} (failed reads, or pools the adapter cannot serve)`),
    })
  }
  const chainCount = Object.keys(params.chains).length
  const engine = params.engine ?? createEnginePool({ threads: params.threads, keepVersions: engineVersionsKept(chainCount) })
  return {
    chains: params.chains,
    snapshots,
    engine,
    logger: params.logger,
    maxSplits: params.maxSplits ?? 4,
    maxHops: params.maxHops ?? 4,
    sharedCache: params.sharedCache,
    quotes: createQuoteStore({ shared: params.sharedCache }),
    close: () => engine.close(),
  }
}
