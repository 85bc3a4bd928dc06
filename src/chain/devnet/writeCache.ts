import { dirname } from 'node:path'
import { writeFileAtomic } from '../writeFileAtomic.js'
import type { DevnetChain } from './devnetChain.js'
import { dumpAnvilState } from './dumpAnvilState.js'
import type { CachePaths } from './planChains.js'
import { pruneCache } from './pruneCache.js'

/**
 * Caches a built chain: its anvil state dump (streamed to disk, so any size works) and its address
 * book; then prunes the cache to the few most recently used builds per chain (see `pruneCache`).
 * @param chain - the running chain (its node is dumped)
 * @param paths - where the state and the book go
 * @param options - `keep`: builds kept per chain (default 3)
 */
export async function writeCache(chain: Pick<DevnetChain, 'rpcUrl' | 'addressBook'>, paths: CachePaths, options: { keep?: number | undefined } = {}): Promise<void> {
  await dumpAnvilState({ rpcUrl: chain.rpcUrl }, { file: paths.state })
  writeFileAtomic(paths.book, JSON.stringify(chain.addressBook, null, 2))
  pruneCache({ dir: dirname(paths.state) }, { keep: options.keep })
}
