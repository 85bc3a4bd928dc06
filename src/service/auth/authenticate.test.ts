import { describe, expect, it } from 'vitest'
import { RateLimitedError, UnauthenticatedError } from '../../errors/request.js'
import { authenticate, type AuthContext } from './authenticate.js'
import { createApiKeyStore } from './createApiKeyStore.js'
import { createRateLimiter } from './createRateLimiter.js'

const key = 'valid-key-0123456789'
const other = 'other-key-0123456789'

function context({ keyLimit = 2, ipLimit = 2 } = {}): AuthContext {
  const now = () => 0
  return {
    apiKeys: createApiKeyStore({ keys: [`${key}:acct`, other] }),
    keyLimiter: createRateLimiter({ limit: keyLimit, windowMs: 60_000, now }),
    ipLimiter: createRateLimiter({ limit: ipLimit, windowMs: 60_000, now }),
  }
}

describe('authenticate', async () => {
  it('resolves a valid key and charges its budget', async () => {
    const ctx = context()
    const first = await authenticate(ctx, { authorization: `Bearer ${key}`, clientIp: '1.1.1.1' })
    expect(first.ok).toBe(true)
    if (!first.ok) return
    const configured = ctx.apiKeys.find(key)
    expect(first.caller).toEqual({ accountId: configured?.accountId, keyId: configured?.keyId })
    expect(first.rateLimit).toMatchObject({ allowed: true, limit: 2, remaining: 1 })
  })

  it('refuses a spent key with RATE_LIMITED, without touching other keys', async () => {
    const ctx = context()
    await authenticate(ctx, { authorization: `Bearer ${key}`, clientIp: '1.1.1.1' })
    await authenticate(ctx, { authorization: `Bearer ${key}`, clientIp: '1.1.1.1' })
    const third = await authenticate(ctx, { authorization: `Bearer ${key}`, clientIp: '2.2.2.2' })
    expect(third.ok).toBe(false)
    if (third.ok) return
    expect(third.error).toBeInstanceOf(RateLimitedError)
    expect(third.error.code).toBe('RATE_LIMITED')
    expect(third.rateLimit.retryAfterSeconds).toBe(30)
    expect((await authenticate(ctx, { authorization: `Bearer ${other}`, clientIp: '1.1.1.1' })).ok).toBe(true)
  })

  it('answers UNAUTHENTICATED with one message for missing, malformed and unknown keys', async () => {
    const ctx = context({ ipLimit: 100 })
    const messages = await Promise.all([undefined, 'Basic abc', `Bearer  ${key}`, 'Bearer unknown-key-0123456789'].map(async (authorization) => {
      const r = await authenticate(ctx, { authorization, clientIp: '1.1.1.1' })
      expect(r.ok).toBe(false)
      if (r.ok) return ''
      expect(r.error).toBeInstanceOf(UnauthenticatedError)
      return r.error.message
    }))
    expect(new Set(messages).size).toBe(1)
  })

  it('limits requests without a valid key per client IP, then RATE_LIMITED', async () => {
    const ctx = context({ ipLimit: 2 })
    const codes: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = await authenticate(ctx, { authorization: undefined, clientIp: '9.9.9.9' })
      codes.push(r.ok ? 'OK' : r.error.code)
    }
    expect(codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'RATE_LIMITED'])
    const elsewhere = await authenticate(ctx, { authorization: undefined, clientIp: '8.8.8.8' })
    expect(elsewhere.ok ? 'OK' : elsewhere.error.code).toBe('UNAUTHENTICATED')
    // A valid key from the exhausted IP is not affected: the IP budget is only for keyless requests.
    expect((await authenticate(ctx, { authorization: `Bearer ${key}`, clientIp: '9.9.9.9' })).ok).toBe(true)
  })

  it('does not charge the IP budget for valid keys', async () => {
    const ctx = context({ keyLimit: 10, ipLimit: 1 })
    for (let i = 0; i < 5; i++) await authenticate(ctx, { authorization: `Bearer ${key}`, clientIp: '9.9.9.9' })
    const r = await authenticate(ctx, { authorization: undefined, clientIp: '9.9.9.9' })
    expect(r.ok ? 'OK' : r.error.code).toBe('UNAUTHENTICATED')
  })
})
