import type { Metadata } from '@grpc/grpc-js'
import { DuplicateAuthorizationError } from '../errors/admission.js'
import { RateLimitedError } from '../errors/request.js'
import { authenticate, type AuthContext, type AuthenticateErrorType } from '../service/auth/authenticate.js'
import type { RateLimitResult } from '../service/auth/createRateLimiter.js'
import { parseAuthorization } from '../service/auth/parseAuthorization.js'
import type { Caller } from '../service/types.js'
import { clientIpOf, peerAddressOf } from './clientIpOf.js'
import { GATEWAY_AUTHENTICATED_METADATA, isGatewayCall } from './gatewayCredential.js'

/** What {@link callerOf} needs: the budgets, and whom a gateway credential is believed from. */
export type CallerOfContext = {
  auth: AuthContext
  /** The gateway's credential: only a caller presenting it may state the client IP or pre-authenticate. */
  gatewaySecret?: string | undefined
  /** When given, the credential is believed only from these peer IPs. */
  trustedProxies?: ReadonlySet<string> | undefined
}

/** The caller (and the budget state to report), or the refusal with the budget it was charged to. */
export type CallerOfReturnType =
  | { ok: true; caller: Caller; /** Unset when the gateway charged the budget. */ rateLimit: RateLimitResult | undefined }
  | { ok: false; error: AuthenticateErrorType | DuplicateAuthorizationError; rateLimit: RateLimitResult }

/**
 * Resolves the caller of one gRPC call from its metadata and charges its budget, as the REST
 * gateway's auth hook does for a request. Two `authorization` values are refused
 * (DUPLICATE_AUTHORIZATION, after charging the client IP's budget, as any request without a usable
 * key). A call from the gateway (its credential) that says it already authenticated the key and
 * charged its budget is not charged again: the key is only looked up. Anything else goes through
 * {@link authenticate}.
 * @param ctx - {@link CallerOfContext}
 * @param metadata - the call's metadata
 * @param peer - `call.getPeer()`
 * @returns {@link CallerOfReturnType}
 * @throws StoreUnavailableError when the budgets live on a store that does not answer
 */
export async function callerOf(ctx: CallerOfContext, metadata: Metadata, peer: string): Promise<CallerOfReturnType> {
  const authorization = metadata.get('authorization')
  const clientIp = clientIpOf({ metadata, peer, gatewaySecret: ctx.gatewaySecret, trustedProxies: ctx.trustedProxies })
  if (authorization.length > 1) {
    const rateLimit = await ctx.auth.ipLimiter.check(`ip:${clientIp}`)
    const error = rateLimit.allowed ? new DuplicateAuthorizationError() : new RateLimitedError({ retryAfterSeconds: rateLimit.retryAfterSeconds })
    return { ok: false, error, rateLimit }
  }
  if (isPreauthenticated(ctx, metadata, peer)) {
    const token = parseAuthorization(authorization)
    const key = token === undefined ? undefined : ctx.auth.apiKeys.find(token)
    if (key !== undefined) return { ok: true, caller: { accountId: key.accountId, keyId: key.keyId }, rateLimit: undefined }
  }
  return authenticate(ctx.auth, { authorization, clientIp })
}

/**
 * Whether a call comes from the gateway (its credential, from a trusted peer) saying it already
 * authenticated the key and charged its budget: such a call's further units (batch items, stream
 * answers) are charged by the gateway too, never here.
 * @param ctx - {@link CallerOfContext}
 * @param metadata - the call's metadata
 * @param peer - `call.getPeer()`
 */
export function isPreauthenticated(ctx: CallerOfContext, metadata: Metadata, peer: string): boolean {
  const preauthenticated = metadata.get(GATEWAY_AUTHENTICATED_METADATA)[0] === '1' && isGatewayCall(metadata, ctx.gatewaySecret)
  return preauthenticated && (ctx.trustedProxies === undefined || ctx.trustedProxies.has(peerAddressOf(peer)))
}
