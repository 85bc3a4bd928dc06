import type { AuthContext } from './authenticate.js'
import type { RateLimitResult } from './createRateLimiter.js'
import { parseAuthorization } from './parseAuthorization.js'

/**
 * Charges one more unit of work to the budget of the key a request was admitted with: a batch's items
 * after the first, a subscription's answers after the first (the request itself was charged by
 * {@link authenticate}). The same bucket `authenticate` charges, so a key has one budget.
 * @param ctx - the key store and budgets
 * @param p.authorization - the request's `authorization` value(s), as authenticated
 * @returns the budget state (`allowed` false: refuse that unit RATE_LIMITED), or undefined when the
 *   value names no key (nothing to charge: the request was not admitted with a key)
 * @throws StoreUnavailableError when the budgets live on a store that does not answer
 */
export async function chargeKey(ctx: AuthContext, { authorization }: { authorization: readonly unknown[] | string | undefined }): Promise<RateLimitResult | undefined> {
  const token = parseAuthorization(authorization)
  const key = token === undefined ? undefined : ctx.apiKeys.find(token)
  if (key === undefined) return undefined
  return ctx.keyLimiter.check(`key:${key.hash}`)
}
