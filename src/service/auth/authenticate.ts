import { RateLimitedError, UnauthenticatedError } from '../../errors/request.js'
import type { Caller } from '../types.js'
import type { ApiKeyStore } from './createApiKeyStore.js'
import type { RateLimiter, RateLimitResult } from './createRateLimiter.js'
import { parseAuthorization } from './parseAuthorization.js'

/** What {@link authenticate} needs: the keys and the two budgets. */
export type AuthContext = {
  apiKeys: ApiKeyStore
  /** Budget per valid key. */
  keyLimiter: RateLimiter
  /** Budget per client IP, charged only by requests without a valid key. */
  ipLimiter: RateLimiter
}

export type AuthenticateParameters = {
  /** Every `authorization` value received (HTTP header or gRPC metadata). */
  authorization: readonly unknown[] | string | undefined
  /** The client's IP (or any stable client label); used only when the key is missing or invalid. */
  clientIp: string
}

export type AuthenticateErrorType = UnauthenticatedError | RateLimitedError

/** Either the caller, or the error to answer with; the budget state is reported in both cases. */
export type AuthenticateReturnType =
  | { ok: true; caller: Caller; rateLimit: RateLimitResult }
  | { ok: false; error: AuthenticateErrorType; rateLimit: RateLimitResult }

/**
 * Resolves the caller of one request and charges its budget. Runs before any other work.
 * - A missing or malformed `authorization`, or an unknown key, first charges the client IP's
 *   budget: RATE_LIMITED when it is spent, else UNAUTHENTICATED (the same message whether or not
 *   any key exists).
 * - A valid key charges that key's budget: RATE_LIMITED when spent.
 * @param ctx - {@link AuthContext}
 * @param params - {@link AuthenticateParameters}
 * @returns {@link AuthenticateReturnType}
 * @throws StoreUnavailableError (503) when the budgets live on a shared store that does not answer
 *   (rate limits fail closed); nothing else
 */
export async function authenticate(ctx: AuthContext, { authorization, clientIp }: AuthenticateParameters): Promise<AuthenticateReturnType> {
  const token = parseAuthorization(authorization)
  const key = token === undefined ? undefined : ctx.apiKeys.find(token)
  if (key === undefined) {
    const rateLimit = await ctx.ipLimiter.check(`ip:${clientIp}`)
    const error = rateLimit.allowed ? new UnauthenticatedError() : new RateLimitedError({ retryAfterSeconds: rateLimit.retryAfterSeconds })
    return { ok: false, error, rateLimit }
  }
  const rateLimit = await ctx.keyLimiter.check(`key:${key.hash}`)
  if (!rateLimit.allowed) return { ok: false, error: new RateLimitedError({ retryAfterSeconds: rateLimit.retryAfterSeconds }), rateLimit }
  return { ok: true, caller: { accountId: key.accountId, keyId: key.keyId }, rateLimit }
}
