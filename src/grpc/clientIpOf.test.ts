import { Metadata } from '@grpc/grpc-js'
import { describe, expect, it } from 'vitest'
import { clientIpOf, DEFAULT_TRUSTED_PROXIES, peerAddressOf } from './clientIpOf.js'
import { GATEWAY_SECRET_METADATA, isGatewayCall } from './gatewayCredential.js'

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
  const SECRET = 'gateway-secret-for-tests-0123456789abcdef'
  const gw = (...xff: string[]) => {
    const m = md(...xff)
    m.set(GATEWAY_SECRET_METADATA, SECRET)
    return m
  }

  it('believes x-forwarded-for from a caller presenting the gateway credential (last entry)', () => {
    expect(clientIpOf({ metadata: gw('203.0.113.5'), peer: '127.0.0.1:4000', gatewaySecret: SECRET })).toBe('203.0.113.5')
    expect(clientIpOf({ metadata: gw('1.1.1.1, 203.0.113.5'), peer: '::1:4000', gatewaySecret: SECRET })).toBe('203.0.113.5')
    expect(clientIpOf({ metadata: gw('203.0.113.5'), peer: '127.0.0.1:4000', gatewaySecret: SECRET, trustedProxies: trusted })).toBe('203.0.113.5')
  })

  it('ignores x-forwarded-for without the credential, even from loopback: the peer address is used', () => {
    expect(clientIpOf({ metadata: md('203.0.113.5'), peer: '127.0.0.1:4000', gatewaySecret: SECRET, trustedProxies: trusted })).toBe('127.0.0.1')
    expect(clientIpOf({ metadata: md('203.0.113.5'), peer: '127.0.0.1:4000' })).toBe('127.0.0.1')
    const wrong = md('203.0.113.5')
    wrong.set(GATEWAY_SECRET_METADATA, `${SECRET}x`)
    expect(clientIpOf({ metadata: wrong, peer: '127.0.0.1:4000', gatewaySecret: SECRET })).toBe('127.0.0.1')
    // No configured secret: nobody's header is believed, whatever they send.
    expect(clientIpOf({ metadata: gw('203.0.113.5'), peer: '127.0.0.1:4000', gatewaySecret: undefined })).toBe('127.0.0.1')
  })

  it('ignores it from peers outside trustedProxies (when given), and garbage from the gateway', () => {
    expect(clientIpOf({ metadata: gw('203.0.113.5'), peer: '198.51.100.7:4000', gatewaySecret: SECRET, trustedProxies: trusted })).toBe('198.51.100.7')
    expect(clientIpOf({ metadata: gw('not-an-ip'), peer: '127.0.0.1:4000', gatewaySecret: SECRET })).toBe('127.0.0.1')
    expect(clientIpOf({ metadata: gw(), peer: '127.0.0.1:4000', gatewaySecret: SECRET })).toBe('127.0.0.1')
  })

  it('isGatewayCall wants exactly one credential value equal to the secret', () => {
    const two = gw()
    two.add(GATEWAY_SECRET_METADATA, SECRET)
    expect(isGatewayCall(gw(), SECRET)).toBe(true)
    expect(isGatewayCall(two, SECRET)).toBe(false)
    expect(isGatewayCall(md(), SECRET)).toBe(false)
    expect(isGatewayCall(gw(), '')).toBe(false)
  })
})
