import type { RouteParams } from '../../schemas/routeRequest.js'

/**
 * The key identical route requests share a computation under: the snapshot version, the account
 * (its id is in the calldata) and every parameter but the sender's spelling, which changes only the
 * echoed `tx.from`.
 */
export function routeCacheKeyOf(p: { version: string; accountId: string; params: RouteParams }): string {
  const params = JSON.stringify({ ...p.params, fromAddressAsSent: undefined }, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
  return `${p.version}|${p.accountId}|${params}`
}
