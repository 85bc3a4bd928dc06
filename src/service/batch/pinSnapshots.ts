import type { EngineSnapshot } from '../../engine/types.js'
import type { SnapshotStore } from '../../data/createSnapshotStore.js'
import type { ServiceContext } from '../context.js'

/**
 * The context seen through one snapshot per chain: the first read of a chain's snapshot is kept and
 * every later read gets the same one, so every route run through the returned context (a batch's items)
 * is answered on the same block of its chain, and their searches and simulations share that block's
 * caches. A failed read is not kept: the next item reads again.
 * @param ctx - the service context
 * @returns the same context with pinned snapshot stores
 */
export function pinSnapshots<C extends Pick<ServiceContext, 'snapshots'>>(ctx: C): C {
  const snapshots: Record<number, SnapshotStore> = {}
  for (const [chainId, store] of Object.entries(ctx.snapshots)) {
    let pinned: Promise<EngineSnapshot> | undefined
    snapshots[Number(chainId)] = {
      current: () => {
        pinned ??= store.current()
        pinned.catch(() => {
          pinned = undefined
        })
        return pinned
      },
      stats: () => store.stats(),
      persist: () => store.persist(),
    }
  }
  return { ...ctx, snapshots }
}
