import { Metadata } from '@grpc/grpc-js'
import { describe, expect, it } from 'vitest'
import { clientIpOf, DEFAULT_TRUSTED_PROXIES, peerAddressOf } from './clientIpOf.js'

const trusted = new Set(DEFAULT_TRUSTED_PROXIES)
const md = (...xff: string[]) => {
  const m = new Metadata()
  for (const v of xff) m.add('x-forwarded-for', v)
  return m
}

describe('peerAddressOf', () => {
  it('strips the port of IPv4 and IPv6 peers', () => {
    expect(peerAddressOf('127.0.0.1:5000')).toBe('127.0.0.1')
    expect(peerAddressOf('::1:5000')).toBe('::1')
    expect(peerAddressOf('[::1]:5000')).toBe('::1')
    expect(peerAddressOf('::ffff:127.0.0.1:5000')).toBe('::ffff:127.0.0.1')
    expect(peerAddressOf('10.0.0.1')).toBe('10.0.0.1')
  })
})

describe('clientIpOf', () => {
  it('believes x-forwarded-for from a trusted peer (last entry)', () => {
    expect(clientIpOf({ metadata: md('203.0.113.5'), peer: '127.0.0.1:4000', trustedProxies: trusted })).toBe('203.0.113.5')
    expect(clientIpOf({ metadata: md('1.1.1.1, 203.0.113.5'), peer: '::1:4000', trustedProxies: trusted })).toBe('203.0.113.5')
  })

  it('ignores x-forwarded-for from other peers, and garbage from trusted ones', () => {
    expect(clientIpOf({ metadata: md('203.0.113.5'), peer: '198.51.100.7:4000', trustedProxies: trusted })).toBe('198.51.100.7')
    expect(clientIpOf({ metadata: md('not-an-ip'), peer: '127.0.0.1:4000', trustedProxies: trusted })).toBe('127.0.0.1')
    expect(clientIpOf({ metadata: md(), peer: '127.0.0.1:4000', trustedProxies: trusted })).toBe('127.0.0.1')
  })
})
