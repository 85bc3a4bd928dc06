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
