import type { RouteParams } from '../../schemas/routeRequest.js'

/** What {@link toWatchKey} reads. */
export type ToWatchKeyParameters = {
  /** The request's `authorization` header, verbatim: the credentials the call is made with. */
  authorization: string | undefined
  /** The request as `parseRouteRequest` normalised it. */
  params: RouteParams
}

/**
 * The identity of a route stream at the gateway: SSE subscribers with the same key would receive the
 * same stream, so they may share one WatchRoute call. It is the credentials verbatim and the
 * normalised parameters, the same normalisation the service keys its subscriptions on (account and
 * parameters): query order, list styles and address case (normalised by the validator) do not split
 * a key, while anything the service tells apart (`fromAddress` as sent, the amounts, the key) does.
 * @param params - {@link ToWatchKeyParameters}
 * @returns the key
 */
export function toWatchKey({ authorization, params }: ToWatchKeyParameters): string {
  return JSON.stringify([authorization ?? null, params], (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
}
