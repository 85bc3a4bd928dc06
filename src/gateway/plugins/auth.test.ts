import type { OutgoingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AuthContext } from '../../service/auth/authenticate.js'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import { createRateLimiter } from '../../service/auth/createRateLimiter.js'
import { API_KEY, FROM, startTestGateway, USDC, WETH } from '../testing/startTestGateway.js'
import { countAuthorizationHeaders } from './auth.js'

const SECRET = 'gateway-secret-for-tests-0123456789abcdef'
const URL = '/api/v1/shortcuts/route'
const valid = { fromAddress: FROM, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], chainId: 1, routingStrategy: 'router', variableEstimates: {} }

/** A request body that counts how often Fastify asks it for data. */
function countingBody(bytes: number): Readable & { reads: number } {
  const chunk = Buffer.from(`{"pad":"${'x'.repeat(bytes - 10)}"}`)
  const body = new Readable({
    read() {
      body.reads++
      this.push(chunk)
      this.push(null)
    },
  }) as Readable & { reads: number }
  body.reads = 0
  return body
}

let gw: Awaited<ReturnType<typeof startTestGateway>>
let auth: AuthContext
beforeAll(async () => {
  auth = {
    apiKeys: createApiKeyStore({ keys: [API_KEY] }),
    keyLimiter: createRateLimiter({ limit: 3, windowMs: 60_000 }),
    ipLimiter: createRateLimiter({ limit: 2, windowMs: 60_000 }),
  }
  gw = await startTestGateway({ auth, gatewaySecret: SECRET })
})
afterAll(async () => {
  await gw.close()
})
beforeEach(() => {
  gw.fake.calls.length = 0
})

describe('authentication before work (issue 12)', () => {
  it('keyless, then IP bucket spent: 401 then 429 with Retry-After, the body never read, nothing forwarded', async () => {
    const bodies = [countingBody(550_000), countingBody(550_000), countingBody(550_000)]
    const replies = []
    for (const [i, body] of bodies.entries()) {
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` }
      replies.push(await gw.app.inject({ method: 'POST', url: URL, headers, payload: body }))
    }
    expect(replies.map((r) => r.statusCode)).toEqual([401, 401, 429])
    expect(replies[0]?.json()).toEqual({
      statusCode: 401, error: 'Unauthorized', code: 'UNAUTHENTICATED',
      message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".', requestId: expect.any(String),
    })
    expect(replies[2]?.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED', message: 'Rate limit exceeded, retry in 30 s.' })
    expect(replies[2]?.headers['retry-after']).toBe('30')
    expect(replies[2]?.headers['x-ratelimit-limit']).toBe('2')
    expect(replies[2]?.headers['x-ratelimit-remaining']).toBe('0')
    // An invalid key is no key: the same spent IP bucket.
    const invalid = await gw.app.inject({ method: 'GET', url: '/api/v1/networks', headers: { authorization: 'Bearer not-a-configured-key-000' } })
    expect(invalid.statusCode).toBe(429)
    expect(bodies.map((b) => b.reads)).toEqual([0, 0, 0])
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('a valid key is charged once, in the gateway, and the call goes to gRPC with the credential', async () => {
    const headers = { authorization: `Bearer ${API_KEY}` }
    const first = await gw.app.inject({ method: 'POST', url: URL, headers, payload: valid })
    expect(first.statusCode).toBe(200)
    expect(gw.fake.calls[0]?.metadata).toMatchObject({ authorization: `Bearer ${API_KEY}`, 'x-switchyard-gateway': SECRET, 'x-switchyard-authenticated': '1' })
    await gw.app.inject({ method: 'GET', url: '/api/v1/networks', headers })
    await gw.app.inject({ method: 'GET', url: '/api/v1/networks', headers })
    // The key's budget (3) is spent: refused before its body is read.
    const body = countingBody(10_000)
    const refused = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload: body })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(refused.headers['retry-after']).toBe('20')
    expect(body.reads).toBe(0)
    expect(gw.fake.calls).toHaveLength(3)
  })

  it('counts raw Authorization headers (Node keeps only the first in request.headers)', () => {
    expect(countAuthorizationHeaders(['Authorization', 'a', 'host', 'x', 'authorization', 'b'])).toBe(2)
    expect(countAuthorizationHeaders(['AUTHORIZATION', 'a'])).toBe(1)
    expect(countAuthorizationHeaders(['host', 'authorization'])).toBe(0)
  })
})

describe('over a socket (issue 12)', () => {
  let url: string
  let sock: Awaited<ReturnType<typeof startTestGateway>>
  beforeAll(async () => {
    const fresh = { apiKeys: createApiKeyStore({ keys: [API_KEY] }), keyLimiter: createRateLimiter({ limit: 10, windowMs: 60_000 }), ipLimiter: createRateLimiter({ limit: 10, windowMs: 60_000 }) }
    sock = await startTestGateway({ auth: fresh, gatewaySecret: SECRET })
    url = await sock.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await sock.close()
  })

  /** Sends the head of a request and `sent` bytes of its body over a raw socket, then waits for an answer without sending the rest. */
  function sendPartly(headers: [string, string][], declared: number, sent: number): Promise<{ status: number; body: string }> {
    const { hostname, port } = new globalThis.URL(url)
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) }, () => {
        const head = [`POST ${URL} HTTP/1.1`, `host: ${hostname}:${port}`, 'content-type: application/json', `content-length: ${declared}`, ...headers.map(([k, v]) => `${k}: ${v}`)]
        socket.write(`${head.join('\r\n')}\r\n\r\n`)
        socket.write(Buffer.alloc(sent, 0x20))
      })
      let text = ''
      socket.on('data', (c: Buffer) => {
        text += c.toString()
        const split = text.indexOf('\r\n\r\n')
        const length = /content-length: (\d+)/i.exec(text)?.[1]
        if (split !== -1 && length !== undefined && text.length - split - 4 >= Number(length)) {
          resolve({ status: Number(text.slice(9, 12)), body: text.slice(split + 4) })
          socket.destroy()
        }
      })
      socket.on('error', reject)
    })
  }

  it('a keyless 550 KB body is answered 401 before the client has sent it', async () => {
    // Only 1 KB of the declared 550 KB is ever written: an answer proves the body was not awaited.
    const reply = await sendPartly([['x-request-id', 'keyless-1']], 550_000, 1_024)
    expect(reply.status).toBe(401)
    expect(JSON.parse(reply.body)).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' })
    expect(sock.fake.calls).toHaveLength(0)
  })

  it('two Authorization headers → 400 DUPLICATE_AUTHORIZATION, before the body', async () => {
    const reply = await sendPartly([['authorization', `Bearer ${API_KEY}`], ['authorization', 'Bearer another-key-0123456789']], 550_000, 1_024)
    expect(reply.status).toBe(400)
    expect(JSON.parse(reply.body)).toEqual({
      statusCode: 400, error: 'Bad Request', code: 'DUPLICATE_AUTHORIZATION', message: 'Send exactly one Authorization header.', requestId: expect.any(String),
    })
    expect(sock.fake.calls).toHaveLength(0)
  })
})

// Each test builds its own gateway, so the budgets start full and a plugin that fails to register fails the test.
describe('two Authorization headers, and the rate-limit headers', () => {
  // inject sends each value of an array as a header of its own (rawHeaders), as a client repeating it would.
  const twoKeys = { authorization: [`Bearer ${API_KEY}`, 'Bearer another-key-0123456789'] } as unknown as OutgoingHttpHeaders
  const freshAuth = (ipLimit: number): AuthContext => ({
    apiKeys: createApiKeyStore({ keys: [API_KEY] }),
    keyLimiter: createRateLimiter({ limit: 5, windowMs: 60_000 }),
    ipLimiter: createRateLimiter({ limit: ipLimit, windowMs: 60_000 }),
  })

  it('without a key store (the gRPC server authenticates) two headers are still refused 400, and one goes through', async () => {
    const open = await startTestGateway()
    try {
      const refused = await open.app.inject({ method: 'GET', url: '/api/v1/networks', headers: twoKeys })
      expect([refused.statusCode, refused.json().code, refused.headers['x-ratelimit-limit']]).toEqual([400, 'DUPLICATE_AUTHORIZATION', undefined])
      expect((await open.app.inject({ method: 'GET', url: '/api/v1/networks', headers: { authorization: `Bearer ${API_KEY}` } })).statusCode).toBe(200)
      expect(open.fake.calls.map((c) => c.method)).toEqual(['Networks'])
    } finally {
      await open.close()
    }
  })

  it('charges the client IP budget, the one keyless requests from that IP spend: 400 while it lasts, then 429 with Retry-After', async () => {
    const gw2 = await startTestGateway({ auth: freshAuth(2) })
    try {
      const from = (remoteAddress: string, headers: OutgoingHttpHeaders) => gw2.app.inject({ method: 'GET', url: '/api/v1/networks', headers, remoteAddress })
      expect((await from('203.0.113.7', {})).statusCode).toBe(401)
      const duplicate = await from('203.0.113.7', twoKeys)
      expect([duplicate.statusCode, duplicate.json().code, duplicate.headers['x-ratelimit-limit'], duplicate.headers['x-ratelimit-remaining'], duplicate.headers['retry-after']])
        .toEqual([400, 'DUPLICATE_AUTHORIZATION', '2', '0', undefined])
      const spent = await from('203.0.113.7', twoKeys)
      expect([spent.statusCode, spent.json().code, spent.json().message, spent.headers['retry-after'], spent.headers['x-ratelimit-remaining']])
        .toEqual([429, 'RATE_LIMITED', 'Rate limit exceeded, retry in 30 s.', '30', '0'])
      // Another IP has a budget of its own.
      expect((await from('203.0.113.8', twoKeys)).statusCode).toBe(400)
      expect(gw2.fake.calls).toEqual([])
    } finally {
      await gw2.close()
    }
  })

  it('an answer within the budget carries X-RateLimit-* and no Retry-After', async () => {
    const gw2 = await startTestGateway({ auth: freshAuth(2) })
    try {
      const ok = await gw2.app.inject({ method: 'GET', url: '/api/v1/networks', headers: { authorization: `Bearer ${API_KEY}` } })
      expect([ok.statusCode, ok.headers['x-ratelimit-limit'], ok.headers['x-ratelimit-remaining'], ok.headers['retry-after']]).toEqual([200, '5', '4', undefined])
      const keyless = await gw2.app.inject({ method: 'GET', url: '/api/v1/networks' })
      expect([keyless.statusCode, keyless.headers['x-ratelimit-limit'], keyless.headers['retry-after']]).toEqual([401, '2', undefined])
    } finally {
      await gw2.close()
    }
  })
})
