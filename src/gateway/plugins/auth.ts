import type { FastifyReply, FastifyRequest } from 'fastify'
import { DuplicateAuthorizationError } from '../../errors/admission.js'
import { RateLimitedError } from '../../errors/request.js'
import { authenticate, type AuthContext } from '../../service/auth/authenticate.js'
import type { RateLimitResult } from '../../service/auth/createRateLimiter.js'
import { globalPlugin } from './globalPlugin.js'

/** Options of {@link authPlugin}. */
export type AuthPluginOptions = {
  /**
   * The key store and budgets, the same instances the gRPC server charges (startSwitchyard shares them), so
   * a key has one budget on both transports. Without it only duplicate headers are refused here and
   * the gRPC server authenticates every call.
   */
  auth?: AuthContext | undefined
}

/** How many `Authorization` headers the request carried. Node keeps only the first in `headers`. */
export function countAuthorizationHeaders(rawHeaders: readonly string[]): number {
  let count = 0
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'authorization') count++
  return count
}

function setRateLimitHeaders(reply: FastifyReply, rateLimit: RateLimitResult): void {
  reply.header('X-RateLimit-Limit', String(rateLimit.limit))
  reply.header('X-RateLimit-Remaining', String(rateLimit.remaining))
  reply.header('X-RateLimit-Reset', String(rateLimit.resetSeconds))
  if (!rateLimit.allowed) reply.header('Retry-After', String(rateLimit.retryAfterSeconds))
}

/**
 * Authentication before work: an `onRequest` hook, which Fastify runs before it reads or parses the
 * body, so a request without a usable key costs a header parse, a sha256 and a bucket update — its
 * body is never read, parsed or validated.
 * - Two or more `Authorization` headers: 400 DUPLICATE_AUTHORIZATION (429 once the client IP's
 *   budget is spent).
 * - With `auth`: a missing, malformed or unknown key charges the client IP's budget (`request.ip`)
 *   and gets 401 UNAUTHENTICATED, or 429 RATE_LIMITED with `Retry-After` once it is spent; a valid
 *   key is charged here (429 when spent) and the call goes to gRPC marked as authenticated
 *   (`GatewayCredential`), so it is not charged twice. Every answer carries `X-RateLimit-*`.
 * Register it inside the scope of the routes that need a key (`/api/v1`), before them.
 */
export const authPlugin = globalPlugin<AuthPluginOptions>(async (app, { auth }) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (countAuthorizationHeaders(request.raw.rawHeaders) > 1) {
      if (auth === undefined) throw new DuplicateAuthorizationError()
      const rateLimit = await auth.ipLimiter.check(`ip:${request.ip}`)
      setRateLimitHeaders(reply, rateLimit)
      throw rateLimit.allowed ? new DuplicateAuthorizationError() : new RateLimitedError({ retryAfterSeconds: rateLimit.retryAfterSeconds })
    }
    if (auth === undefined) return
    const result = await authenticate(auth, { authorization: request.headers.authorization, clientIp: request.ip })
    setRateLimitHeaders(reply, result.rateLimit)
    if (!result.ok) throw result.error
  })
}, 'switchyard-auth')
