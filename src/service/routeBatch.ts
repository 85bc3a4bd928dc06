import { InvalidRequestError } from '../errors/request.js'
import { pinForbiddenAddresses } from './batch/pinForbiddenAddresses.js'
import { pinSnapshots } from './batch/pinSnapshots.js'
import type { ServiceContext } from './context.js'
import type { CallOptions, RouteAnswer } from './types.js'

/** Most route requests in one batch. */
export const MAX_BATCH_ROUTES = 50

/** One item's outcome: its answer, or its own error (mapped by the transport as a single route's would be). */
export type RouteBatchItemResult = { ok: true; answer: RouteAnswer } | { ok: false; error: unknown }

/** The single route use case, bound to a context (getRoute). */
export type RouteOnContext = (ctx: ServiceContext, request: unknown, options: CallOptions) => Promise<RouteAnswer>

export type RouteBatchErrorType = InvalidRequestError

/**
 * The batch use case: up to {@link MAX_BATCH_ROUTES} route requests answered in order, each with its
 * answer or its own error, one bad item never failing the others. Every item reads the same snapshot of
 * its chain (one block: {@link pinSnapshots}) and is checked against the same address books
 * ({@link pinForbiddenAddresses}); the items run together, so their searches reach the
 * engine pool in the same turns and travel to the workers coalesced into as few tasks as it has free
 * slots (one per chain and worker slot), and identical items share one computation.
 * @param ctx - the service context
 * @param p.requests - REST-shaped route requests (the GET /shortcuts/route query each)
 * @param p.route - the single route use case
 * @param options - the call's options, shared by every item
 * @returns one result per request, in order
 * @throws InvalidRequestError (TOO_MANY_ITEMS, MISSING_FIELD) when `requests` is not 1 to 50 requests
 */
export async function routeBatch(ctx: ServiceContext, { requests, route }: { requests: readonly unknown[]; route: RouteOnContext }, options: CallOptions): Promise<RouteBatchItemResult[]> {
  if (requests.length === 0) {
    throw new InvalidRequestError({ code: 'MISSING_FIELD', message: 'Send at least one route request.', issues: [{ field: 'requests', reason: 'empty' }] })
  }
  if (requests.length > MAX_BATCH_ROUTES) {
    throw new InvalidRequestError({ code: 'TOO_MANY_ITEMS', message: `At most ${MAX_BATCH_ROUTES} route requests per batch.`, issues: [{ field: 'requests', reason: `${requests.length} items, at most ${MAX_BATCH_ROUTES}` }] })
  }
  const pinned = pinForbiddenAddresses(pinSnapshots(ctx))
  return Promise.all(requests.map(async (request): Promise<RouteBatchItemResult> => {
    try {
      return { ok: true, answer: await route(pinned, request, options) }
    } catch (error) {
      return { ok: false, error }
    }
  }))
}
