import type { Metadata } from '@grpc/grpc-js'

/** gRPC metadata key → HTTP header, for the rate-limit state the gRPC side reports. */
export const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': 'X-RateLimit-Limit',
  'x-ratelimit-remaining': 'X-RateLimit-Remaining',
  'x-ratelimit-reset': 'X-RateLimit-Reset',
  'retry-after': 'Retry-After',
} as const

const SMALL_UINT = /^[0-9]{1,20}$/

/**
 * Reads the rate-limit keys from gRPC metadata as HTTP headers. Only integer values pass, so nothing
 * else from the backend can reach a response header.
 * @param metadata - initial metadata (success) or trailers (error)
 * @returns header name → value
 */
export function rateLimitHeadersOf(metadata: Metadata | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  if (!metadata) return headers
  for (const [key, header] of Object.entries(RATE_LIMIT_HEADERS)) {
    const value = metadata.get(key)[0]
    if (typeof value === 'string' && SMALL_UINT.test(value)) headers[header] = value
  }
  return headers
}
