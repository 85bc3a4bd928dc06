import { isIP } from 'node:net'
import type { Metadata } from '@grpc/grpc-js'
import { isGatewayCall } from './gatewayCredential.js'

/** Loopback peers: where the in-process gateway calls from. */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = ['127.0.0.1', '::1', '::ffff:127.0.0.1']

/**
 * The IP part of grpc-js's `getPeer()`: `1.2.3.4:5678`, `::1:5678` (IPv6 unbracketed) or
 * `[::1]:5678`. grpc-js appends the port for every TCP peer, so the text after the last colon is
 * always the port (`::1:5678` is also a valid IPv6 address, so it cannot be tested with `isIP`).
 */
export function peerAddressOf(peer: string): string {
  const colon = peer.lastIndexOf(':')
  const host = colon === -1 ? peer : peer.slice(0, colon)
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

export type ClientIpOfParameters = {
  metadata: Metadata
  /** `call.getPeer()`. */
  peer: string
  /** The gateway's credential; without it `x-forwarded-for` is never believed. */
  gatewaySecret?: string | undefined
  /** When given, only these peer IPs may state the client IP, and only with the credential. */
  trustedProxies?: ReadonlySet<string> | undefined
}

/**
 * The client IP a request is rate-limited under. The REST gateway states it in `x-forwarded-for`
 * and proves it is the gateway with its credential ({@link isGatewayCall}); the entry it appended
 * (the last one) is used. Anyone else, loopback callers included, is limited by the transport peer
 * address, so a direct caller cannot pick a fresh IP budget per request by rotating the header.
 * @returns an IP string (or the peer label grpc-js gives when it has no address)
 */
export function clientIpOf({ metadata, peer, gatewaySecret, trustedProxies }: ClientIpOfParameters): string {
  const address = peerAddressOf(peer)
  if (!isGatewayCall(metadata, gatewaySecret)) return address
  if (trustedProxies !== undefined && !trustedProxies.has(address)) return address
  const forwarded = metadata.get('x-forwarded-for')
  if (forwarded.length === 0) return address
  const last = forwarded[forwarded.length - 1]
  const entry = typeof last === 'string' ? last.split(',').pop()?.trim() : undefined
  return entry && isIP(entry) ? entry : address
}
