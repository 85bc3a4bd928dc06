import { subscribeNewHeads } from '../chain/subscribeNewHeads.js'
import { listSupportedChains } from '../schemas/listSupportedChains.js'
import type { ServiceContext } from './context.js'
import { getRoute } from './getRoute.js'
import { admitEngineRequests } from './batch/admitEngineRequests.js'
import { createBatchingClients, type RpcBatching, withBatchingClients } from './batch/withBatchingClients.js'
import { routeBatch, type RouteBatchItemResult } from './routeBatch.js'
import type { CallOptions, RouteAnswer } from './types.js'
import { createRequoteContexts } from './watch/createRequoteContexts.js'
import { createRouteWatchRegistry, type RouteWatchRegistry, type WatchSink } from './watch/createRouteWatchRegistry.js'
import { watchRoute, type RouteSubscription } from './watchRoute.js'

/** The streamed and batched route use cases, as the RouteStreamService handlers call them. */
export type RouteStreamServices = {
  /** REST-shaped request (GET /shortcuts/route query); validated inside; events go to `options.sink`. */
  watchRoute(request: unknown, options: CallOptions & { sink: WatchSink }): Promise<RouteSubscription>
  /** REST-shaped requests; one result per request, in order. */
  routeBatch(requests: readonly unknown[], options: CallOptions): Promise<RouteBatchItemResult[]>
  /** The subscriptions (stats, shutdown). */
  watches: RouteWatchRegistry
}

/** Settings of the subscriptions (`SWITCHYARD_WATCH_*`). */
export type RouteWatchSettings = {
  pollMs: number
  gasChangeBps: number
  maxPerKey: number
  maxTotal: number
  buffer: number
  /** How route batches and re-quotes batch their node calls (default `auto`). */
  rpcBatching?: RpcBatching | undefined
}

/**
 * Binds the streamed and batched route use cases to their context. Batches talk to the nodes through
 * JSON-RPC batches ({@link createBatchingClients}). A validator's UNSUPPORTED_CHAIN
 * names the served chains, as the single route's does (`listingSupportedChains`), for the stream's
 * refusal and for each batch item's.
 * @param ctx - the service context
 * @param settings - {@link RouteWatchSettings}
 * @returns {@link RouteStreamServices}
 */
export function createRouteStreamServices(ctx: ServiceContext, settings: RouteWatchSettings): RouteStreamServices {
  const served = () => Object.keys(ctx.chains).map(Number)
  const single = async (on: ServiceContext, request: unknown, options: CallOptions): Promise<RouteAnswer> => {
    try {
      return await getRoute(on, request, { ...options, requireVariableEstimates: false })
    } catch (error) {
      throw listSupportedChains(error, served())
    }
  }
  const route = (request: unknown, options: CallOptions) => single(ctx, request, options)
  // A batch's items talk to the nodes through JSON-RPC batches.
  const batching = createBatchingClients(ctx.chains, settings.rpcBatching)
  // A head's re-quotes, asked together when it arrives, run as a batch's items do.
  const requotesAt = createRequoteContexts(ctx, batching)
  const watches = createRouteWatchRegistry({
    ...settings,
    route: (request, options, at) => single(requotesAt(at), request, options),
    readHead: (chainId) => ctx.chains[chainId]!.client.getBlockNumber({ cacheTime: 0 }),
    // Where the node announces its heads (WebSocket), streams follow them instead of reading every `pollMs`.
    subscribeHeads: (chainId) => {
      const url = ctx.chains[chainId]?.wsUrl
      return url === undefined ? undefined : subscribeNewHeads(url)
    },
    logger: ctx.logger,
  })
  return {
    watches,
    watchRoute: async (request, options) => {
      try {
        return await watchRoute({ chains: ctx.chains, watches, route }, request, options)
      } catch (error) {
        throw listSupportedChains(error, served())
      }
    },
    routeBatch: (requests, options) => routeBatch(admitEngineRequests(withBatchingClients(ctx, batching)), { requests, route: single }, options),
  }
}
