import type { PublicClient } from 'viem'
import { admitEngineRequests } from '../batch/admitEngineRequests.js'
import { pinForbiddenAddresses } from '../batch/pinForbiddenAddresses.js'
import { pinSnapshots } from '../batch/pinSnapshots.js'
import { withBatchingClients } from '../batch/withBatchingClients.js'
import type { ServiceContext } from '../context.js'
import type { WatchHead } from './createRouteWatchRegistry.js'

/**
 * The contexts a head's re-quotes run on: every entry's re-quote for one head of a chain is asked in the
 * same turn, and they run as a batch's items do, on one context per head: one snapshot per chain (the
 * first read kept: {@link pinSnapshots}), the address books' forbidden lists read once
 * ({@link pinForbiddenAddresses}), the node calls in JSON-RPC batches ({@link withBatchingClients}), the
 * searches waiting for a worker however many there are rather than refused ({@link admitEngineRequests}).
 * Only each chain's newest head is held; a later head gets a fresh context (a fresh snapshot read).
 * @param ctx - the service context
 * @param batching - a batching client per chain (`createBatchingClients`)
 * @returns the context for a head
 */
export function createRequoteContexts<C extends ServiceContext>(ctx: C, batching: Readonly<Record<number, PublicClient>>): (at: WatchHead) => C {
  const held = new Map<number, { head: number; ctx: C }>()
  return ({ chainId, head }) => {
    let at = held.get(chainId)
    if (at?.head !== head) {
      at = { head, ctx: admitEngineRequests(pinForbiddenAddresses(pinSnapshots(withBatchingClients(ctx, batching)))) }
      held.set(chainId, at)
    }
    return at.ctx
  }
}
