/**
 * What an API key may look like: 16–256 characters of the RFC 6750 `b64token` alphabet. The same
 * rule applies to configured keys ({@link createApiKeyStore}) and to presented tokens, so a key that
 * can be configured can always be sent.
 */
export const API_KEY_PATTERN = /^[A-Za-z0-9._~+/=-]{16,256}$/

/** `Bearer` (any case), exactly one space, then the token; nothing before or after. */
const AUTHORIZATION_PATTERN = /^bearer ([A-Za-z0-9._~+/=-]{16,256})$/i

/**
 * Extracts the bearer token from an `authorization` value (HTTP header or gRPC metadata).
 * Rejects other schemes, an empty token, extra spaces, control characters and repeated headers.
 * @param authorization - every value received for the key (gRPC metadata may repeat a key)
 * @returns the token, or `undefined` when the value is absent or malformed
 */
export function parseAuthorization(authorization: readonly unknown[] | string | undefined): string | undefined {
  const values = typeof authorization === 'string' ? [authorization] : authorization ?? []
  if (values.length !== 1) return undefined
  const value = values[0]
  if (typeof value !== 'string') return undefined
  return AUTHORIZATION_PATTERN.exec(value)?.[1]
}
