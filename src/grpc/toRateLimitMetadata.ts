import { Metadata } from '@grpc/grpc-js'
import type { RateLimitResult } from '../service/auth/createRateLimiter.js'

/**
 * The budget state as metadata: `x-ratelimit-limit`, `x-ratelimit-remaining`, `x-ratelimit-reset`
 * (delta seconds), plus `retry-after` (seconds) when the request was refused. The gateway copies
 * these to the HTTP headers of the same names.
 * @param rateLimit - the result of the check that admitted or refused the call
 * @returns new metadata
 */
export function toRateLimitMetadata(rateLimit: RateLimitResult): Metadata {
  const metadata = new Metadata()
  metadata.set('x-ratelimit-limit', String(rateLimit.limit))
  metadata.set('x-ratelimit-remaining', String(rateLimit.remaining))
  metadata.set('x-ratelimit-reset', String(rateLimit.resetSeconds))
  if (!rateLimit.allowed) metadata.set('retry-after', String(rateLimit.retryAfterSeconds))
  return metadata
}
