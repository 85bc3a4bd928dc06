import type { InvalidRequestError, UnsupportedChainError } from '../errors/request.js'
import type { NoRouteError } from '../errors/engine.js'
import type { TooManySubscriptionsError } from '../errors/watch.js'
import { parseRouteRequest, type RouteParams } from '../schemas/routeRequest.js'
import { approvalSpendersOf } from './approvalSpendersOf.js'
import type { ServiceContext } from './context.js'
import type { CallOptions, RouteAnswer } from './types.js'
import type { RouteWatchRegistry, WatchSink } from './watch/createRouteWatchRegistry.js'

/** What {@link watchRoute} runs against. */
export type WatchRouteContext = Pick<ServiceContext, 'chains'> & {
  watches: RouteWatchRegistry
  /** The single route use case, as the transports call it (GET /shortcuts/route). */
  route(request: unknown, options: CallOptions): Promise<RouteAnswer>
}

/** An open subscription. */
export type RouteSubscription = {
  /** The first answer, sent at once. */
  first: RouteAnswer
  /** Ends it and frees what it held (its slot; the shared computation when it was the last). Idempotent. */
  close(): void
}

export type WatchRouteErrorType = InvalidRequestError | UnsupportedChainError | NoRouteError | TooManySubscriptionsError

/** The key subscribers share a computation under: the account (its id is in the calldata) and every parameter. */
function subscriptionKeyOf(accountId: string, params: RouteParams): string {
  return `${accountId}|${JSON.stringify(params, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`
}

/**
 * The streamed re-quote use case: validate, take one of the key's subscription slots, compute the first
 * answer as GET /shortcuts/route would (so it fails as that would, before anything is streamed), then
 * subscribe to the chain's heads through the registry, where identical requests share one computation
 * per block. The subscription's events go to `options.sink`.
 * @param ctx - {@link WatchRouteContext}
 * @param request - REST-shaped route request (the GET /shortcuts/route query)
 * @param options - the call's options and the transport's sink
 * @returns the open subscription
 * @throws {WatchRouteErrorType}
 */
export async function watchRoute(ctx: WatchRouteContext, request: unknown, options: CallOptions & { sink: WatchSink }): Promise<RouteSubscription> {
  const params = parseRouteRequest(request, { requireVariableEstimates: false, approvalSpenders: approvalSpendersOf(ctx) })
  const release = ctx.watches.reserve(options.caller.keyId)
  let first: RouteAnswer
  try {
    first = await ctx.route(request, options)
  } catch (error) {
    release()
    throw error
  }
  const chains = params.destinationChainId === undefined ? [params.chainId] : [params.chainId, params.destinationChainId]
  const { sink, caller } = options
  const unsubscribe = ctx.watches.subscribe({ key: subscriptionKeyOf(caller.accountId, params), chains, request, caller, first, sink })
  return {
    first,
    close() {
      unsubscribe()
      release()
    },
  }
}
