import { Writable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Metadata, status } from '@grpc/grpc-js'
import type { InjectOptions } from 'fastify'
import { pino } from 'pino'
import { grpcError } from '../testing/grpcError.js'
import { API_KEY, FROM, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'

let gw: Awaited<ReturnType<typeof startTestGateway>>
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw.close()
})
beforeEach(() => {
  gw.fake.calls.length = 0
  gw.fake.handlers = {}
})

const URL = '/api/v1/shortcuts/route'
const headers = { authorization: `Bearer ${API_KEY}` }
const valid = { fromAddress: FROM, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], variableEstimates: {} }
const post = (extraHeaders: Record<string, string> = {}) => gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, ...extraHeaders }, payload: valid })

/** Nothing from the backend's internals may reach a body. */
function expectNoLeak(text: string) {
  expect(text).not.toMatch(/127\.0\.0\.1|localhost|stack|at \w+ \(|\.ts:|node_modules|secret|ECONNREFUSED/i)
}

describe('transport limits and parsing (THREATS §6)', () => {
  it('F1 a body of 1 MiB + 1 byte → 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = `{"pad":"${'a'.repeat(1024 * 1024 + 1 - 10)}"}`
    expect(Buffer.byteLength(payload)).toBe(1024 * 1024 + 1)
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) })
    expect(res.headers['x-request-id']).toEqual(expect.any(String))
  })

  it('F2 a 100 000-deep [[[…]]] body → 400 TOO_DEEP, and the process keeps serving', async () => {
    const payload = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'TOO_DEEP' })
    // The guard's cost is pinned by a count in assertJsonDepth.test.ts, not by a wall-clock bound here.
    expect(gw.fake.calls).toHaveLength(0)
    const deepObject = `{"variableEstimates":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`
    const res2 = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload: deepObject })
    expect(res2.json()).toMatchObject({ statusCode: 400, code: 'TOO_DEEP' })
    expect((await post()).statusCode).toBe(200)
  })

  it('F2 nesting within the limit is fine (variableEstimates 10 deep)', async () => {
    let nested: unknown = '1'
    for (let i = 0; i < 10; i++) nested = { a: nested }
    const res = await gw.app.inject({ method: 'POST', url: URL, headers, payload: { ...valid, variableEstimates: nested as object } })
    expect(res.statusCode).toBe(200)
  })

  it.each([['{"a":'], ['{"fromAddress": "0x",}'], ['nul']])('F3 malformed JSON %s → 400 INVALID_JSON', async (payload) => {
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'INVALID_JSON' })
  })

  it('F3 an empty body with a JSON content type → 400 INVALID_JSON', async () => {
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload: '' })
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' })
  })

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['text/plain; charset=utf-8']])('F4 Content-Type %s carrying JSON → 415 UNSUPPORTED_MEDIA_TYPE', async (type) => {
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': type }, payload: JSON.stringify(valid) })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type', code: 'UNSUPPORTED_MEDIA_TYPE' })
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('accepts application/json with a charset', async () => {
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, payload: JSON.stringify(valid) })
    expect(res.statusCode).toBe(200)
  })

  it('unknown routes → 404 NOT_FOUND in the envelope', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/nope?x=1', headers })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Route GET /api/v1/nope not found.', requestId: res.headers['x-request-id'] })
  })
})

describe('x-request-id', () => {
  it('echoes a sane incoming id on success and in the error body', async () => {
    const ok = await post({ 'x-request-id': 'abc-123' })
    expect(ok.headers['x-request-id']).toBe('abc-123')
    const bad = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'x-request-id': 'abc-124' }, payload: { ...valid, amountIn: ['0'] } })
    expect(bad.headers['x-request-id']).toBe('abc-124')
    expect(bad.json().requestId).toBe('abc-124')
  })

  it.each([['has spaces'], ['a'.repeat(65)], ['semi;colon'], ['']])('replaces an unsafe id %j with a fresh one and forwards that', async (id) => {
    const res = await post({ 'x-request-id': id })
    const echoed = res.headers['x-request-id']
    expect(echoed).toMatch(/^[0-9a-f-]{36}$/)
    expect(gw.fake.calls[0]?.metadata['x-request-id']).toBe(echoed)
  })

  it('generates one when absent (different per request)', async () => {
    const a = await post()
    const b = await post()
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })
})

describe('forwarding to gRPC', () => {
  it('forwards authorization verbatim and never rejects for auth itself', async () => {
    await post({ authorization: 'Basic Zm9vOmJhcg==' })
    expect(gw.fake.calls[0]?.metadata.authorization).toBe('Basic Zm9vOmJhcg==')
  })

  it('sends no authorization metadata when the header is absent', async () => {
    await gw.app.inject({ method: 'POST', url: URL, payload: valid })
    expect(gw.fake.calls[0]?.metadata).not.toHaveProperty('authorization')
  })
})

describe('gRPC error mapping', () => {
  it('UNAUTHENTICATED → 401', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.UNAUTHENTICATED, envelope: { code: 'UNAUTHENTICATED', message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".' } }))
    const res = await post()
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({
      statusCode: 401, error: 'Unauthorized', code: 'UNAUTHENTICATED',
      message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".', requestId: res.headers['x-request-id'],
    })
  })

  it('RATE_LIMITED → 429 with Retry-After and X-RateLimit-* from the trailers', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({
      status: status.RESOURCE_EXHAUSTED,
      envelope: { code: 'RATE_LIMITED', message: 'Rate limit exceeded, retry in 7 s.' },
      trailers: { 'retry-after': '7', 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '7' },
    }))
    const res = await post()
    expect(res.statusCode).toBe(429)
    expect(res.headers).toMatchObject({ 'retry-after': '7', 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '7' })
    expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED', message: 'Rate limit exceeded, retry in 7 s.' })
  })

  it('drops non-integer rate-limit metadata instead of copying it into headers', async () => {
    gw.fake.handlers.Route = (call, cb) => {
      const md = new Metadata()
      md.set('x-ratelimit-limit', '10; x-evil=1')
      md.set('x-ratelimit-remaining', '3')
      call.sendMetadata(md)
      cb(null, { gas: '1', amount_out: '1', min_amount_out: '1', created_at: '1', tx: { data: '0x', to: FROM, from: FROM, value: '0' } })
    }
    const res = await post()
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-ratelimit-limit']).toBeUndefined()
    expect(res.headers['x-ratelimit-remaining']).toBe('3')
  })

  it('NO_ROUTE (FAILED_PRECONDITION) → 400 with exactly the spec message and the decoded detail', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.FAILED_PRECONDITION, envelope: { code: 'NO_ROUTE', message: 'something else', detail: 'execution reverted: AmountTooLow' } }))
    const res = await post()
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'NO_ROUTE', message: 'Could not build shortcuts for route', detail: 'execution reverted: AmountTooLow' })
  })

  it('INVALID_ARGUMENT with field details → 400 with the details', async () => {
    const details = [{ field: 'tokenIn[0]', reason: 'no code at this address' }, { bogus: true }]
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.INVALID_ARGUMENT, envelope: { code: 'INVALID_TOKEN', message: 'tokenIn[0]: no code at this address', details } }))
    const res = await post()
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN', details: [{ field: 'tokenIn[0]', reason: 'no code at this address' }] })
  })

  it('DEADLINE_EXCEEDED from the server → 504', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.DEADLINE_EXCEEDED, envelope: { code: 'DEADLINE_EXCEEDED', message: 'Engine task "findRoute" was aborted.' } }))
    const res = await post()
    expect(res.statusCode).toBe(504)
    expect(res.json()).toMatchObject({ statusCode: 504, error: 'Gateway Timeout', code: 'DEADLINE_EXCEEDED' })
  })

  it('the gateway\'s own deadline passing → 504 DEADLINE_EXCEEDED, generic message', async () => {
    const short = await startTestGateway({ deadlineMs: 100 })
    try {
      short.fake.handlers.Route = () => undefined
      const res = await short.app.inject({ method: 'POST', url: URL, headers, payload: valid })
      expect(res.statusCode).toBe(504)
      expect(res.json()).toMatchObject({ code: 'DEADLINE_EXCEEDED', message: 'The request timed out.' })
      expectNoLeak(res.body)
    } finally {
      await short.close()
    }
  })

  it('UNAVAILABLE (worker down) → 503 with the service message', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.UNAVAILABLE, envelope: { code: 'WORKER_CRASHED', message: 'The engine worker running task "findRoute" crashed.' } }))
    const res = await post()
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ code: 'WORKER_CRASHED', error: 'Service Unavailable' })
  })

  it('gRPC server unreachable → 503 UNAVAILABLE without its address', async () => {
    const fake = await import('../testing/startFakeGrpcServer.js').then((m) => m.startFakeGrpcServer())
    const address = fake.address
    await fake.stop()
    const { buildApp } = await import('../app.js')
    const app = await buildApp({ grpcAddress: address, deadlineMs: 1000 })
    try {
      const res = await app.inject({ method: 'POST', url: URL, headers, payload: valid })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: 'Service unavailable, retry later.' })
      expectNoLeak(res.body)
    } finally {
      await app.close()
    }
  })

  it.each([
    ['garbage details', status.INTERNAL, 'TypeError: cannot read x of undefined at /srv/app/src/engine/worker.ts:12 rpc=http://127.0.0.1:8545 key=secret'],
    ['JSON without code', status.INTERNAL, '{"message":"boom at worker.ts:1"}'],
    ['unknown status', status.DATA_LOSS, 'ECONNREFUSED 127.0.0.1:8545'],
  ])('%s → 500 INTERNAL envelope without internals', async (_name, code, details) => {
    gw.fake.handlers.Route = (_c, cb) => cb({ code, details, metadata: new Metadata() })
    const res = await post()
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', code: 'INTERNAL', message: 'Internal error.', requestId: res.headers['x-request-id'] })
    expectNoLeak(res.body)
  })

  it('an INTERNAL envelope with a leaky message is still reduced to "Internal error."', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.INTERNAL, envelope: { code: 'INTERNAL', message: 'RPC http://127.0.0.1:8545 said secret' } }))
    const res = await post()
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL', message: 'Internal error.' })
    expectNoLeak(res.body)
  })

  it('a code unknown to the table falls back to the gRPC status', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.INVALID_ARGUMENT, envelope: { code: 'SOMETHING_NEW', message: 'new rule' } }))
    const res = await post()
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'SOMETHING_NEW', message: 'new rule' })
  })

  it('non-JSON details with a known status use the status and a generic message', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb({ code: status.PERMISSION_DENIED, details: 'internal text', metadata: new Metadata() })
    const res = await post()
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: 'Permission denied.' })
  })

  it('a handler exception on the server → 500 INTERNAL, gateway still serving', async () => {
    gw.fake.handlers.Route = () => {
      throw new Error('handler blew up with secret')
    }
    const res = await post()
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL' })
    expectNoLeak(res.body)
    gw.fake.handlers = {}
    expect((await post()).statusCode).toBe(200)
  })
})

describe('log lines match the outcome', () => {
  type LogLine = { level: number; msg: string; reqId?: string; statusCode?: number; code?: string; err?: { stack?: string } }
  const lines: LogLine[] = []
  let logged: Awaited<ReturnType<typeof startTestGateway>>
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as LogLine)
        done()
      },
    })
    logged = await startTestGateway({ logger: pino({ level: 'trace' }, stream) })
  })
  afterAll(async () => {
    await logged.close()
  })

  /** Sends one request; returns its status and the error handler's line (the one with a `code`). */
  async function send(request: InjectOptions) {
    lines.length = 0
    const res = await logged.app.inject(request)
    const own = lines.filter((l) => l.code !== undefined)
    expect(own).toHaveLength(1)
    return { statusCode: res.statusCode, line: own[0]!, all: [...lines] }
  }
  const postRoute = (payload: object = valid) => send({ method: 'POST', url: URL, headers, payload })
  const levels = { info: 30, warn: 40, error: 50 }

  it.each([
    ['400 validation error', () => postRoute({ ...valid, amountIn: ['0'] }), 400, 'info'],
    ['404 unknown route', () => send({ method: 'GET', url: '/api/v1/nope', headers }), 404, 'info'],
    ['429 rate limited', () => {
      logged.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.RESOURCE_EXHAUSTED, envelope: { code: 'RATE_LIMITED', message: 'Rate limit exceeded, retry in 7 s.' } }))
      return postRoute()
    }, 429, 'info'],
    ['501 not implemented', () => {
      logged.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.UNIMPLEMENTED, envelope: { code: 'NOT_IMPLEMENTED', message: 'Not served yet.' } }))
      return postRoute()
    }, 501, 'warn'],
  ] as const)('%s → %s, no error object and no stack anywhere', async (_name, run, statusCode, level) => {
    const { statusCode: got, line, all } = await run()
    expect(got).toBe(statusCode)
    expect(line).toMatchObject({ level: levels[level], statusCode })
    expect(line).not.toHaveProperty('err')
    expect(all.filter((l) => l.level >= levels.error)).toEqual([])
    expect(JSON.stringify(all)).not.toContain('stack')
  })

  it('500 (a server-side exception) → error, with the stack', async () => {
    logged.fake.handlers.Route = () => {
      throw new Error('handler blew up')
    }
    const { statusCode, line } = await postRoute()
    expect(statusCode).toBe(500)
    expect(line).toMatchObject({ level: levels.error, code: 'INTERNAL', msg: 'request failed' })
    expect(line.err?.stack).toEqual(expect.any(String))
  })
})

describe('the error reply', () => {
  it('is JSON with its charset, for a refusal as for an unknown route', async () => {
    const bad = await gw.app.inject({ method: 'POST', url: URL, headers, payload: { ...valid, amountIn: ['0'] } })
    const missing = await gw.app.inject({ method: 'GET', url: '/api/v1/nope', headers })
    expect([bad.statusCode, bad.headers['content-type'], missing.statusCode, missing.headers['content-type']])
      .toEqual([400, 'application/json; charset=utf-8', 404, 'application/json; charset=utf-8'])
  })

  it('names at most 200 characters of an unknown path, and never its query', async () => {
    const path = `/api/v1/${'segment-x/'.repeat(30)}end`
    const res = await gw.app.inject({ method: 'GET', url: `${path}?secret=1`, headers })
    expect(res.json().message).toBe(`Route GET ${path.slice(0, 200)} not found.`)
  })

  it('asks gRPC for the served chains only when it refuses a chain id itself, and sends the refusal as it is when they cannot be had', async () => {
    const bad = await gw.app.inject({ method: 'POST', url: URL, headers, payload: { ...valid, amountIn: ['0'] } })
    expect([bad.statusCode, gw.fake.calls]).toEqual([400, []])
    const chain0 = await gw.app.inject({ method: 'POST', url: URL, headers, payload: { ...valid, chainId: 0 } })
    expect([chain0.statusCode, chain0.json().message, gw.fake.calls.map((c) => c.method)]).toEqual([400, 'chainId: Chain 0 is not supported. Supported chains: 1, 8453.', ['Networks']])
    gw.fake.handlers.Networks = (_c, cb) => cb(grpcError({ status: status.UNAVAILABLE, envelope: { code: 'UNAVAILABLE', message: 'down' } }))
    const unserved = await gw.app.inject({ method: 'POST', url: URL, headers, payload: { ...valid, chainId: 0 } })
    expect([unserved.statusCode, unserved.json().code, unserved.json().message]).toEqual([400, 'UNSUPPORTED_CHAIN', 'chainId: Chain 0 is not supported'])
  })
})
