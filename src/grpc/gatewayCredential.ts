import { createHash, timingSafeEqual } from 'node:crypto'
import type { Metadata } from '@grpc/grpc-js'

/*
 * How the REST gateway proves to the gRPC server that a call comes from it: a shared secret
 * (`SWITCHYARD_GATEWAY_SECRET`, generated per process when unset) in call metadata. Only such calls
 * may state the client IP and say the key was already authenticated and charged. Plain constants and
 * a compare, so the gateway can import the keys without the server.
 */

/** Metadata key carrying the gateway's credential (a per-process shared secret). */
export const GATEWAY_SECRET_METADATA = 'x-switchyard-gateway'
/**
 * Metadata key by which the gateway says it has already authenticated the key and charged its
 * budget (believed only together with the gateway's credential).
 */
export const GATEWAY_AUTHENTICATED_METADATA = 'x-switchyard-authenticated'

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}

/** The configured secret's digest, computed once per secret rather than on every call. */
let secretDigest: { secret: string; digest: Buffer } | undefined
function digestOfSecret(secret: string): Buffer {
  if (secretDigest?.secret !== secret) secretDigest = { secret, digest: digest(secret) }
  return secretDigest.digest
}

/**
 * Whether the caller presents the gateway's credential: exactly one `x-switchyard-gateway` value,
 * equal to the configured secret (compared as digests in constant time). Always false without a
 * configured secret.
 * @param metadata - the call's metadata
 * @param gatewaySecret - the configured secret
 */
export function isGatewayCall(metadata: Metadata, gatewaySecret: string | undefined): boolean {
  if (!gatewaySecret) return false
  const values = metadata.get(GATEWAY_SECRET_METADATA)
  if (values.length !== 1 || typeof values[0] !== 'string') return false
  return timingSafeEqual(digest(values[0]), digestOfSecret(gatewaySecret))
}

