import { credentials, loadPackageDefinition, status, type Client, type ClientDuplexStream } from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { protoPath as healthProtoPath } from 'grpc-health-check'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { deriveAccountId } from '../service/auth/deriveAccountId.js'
import { SERVICE_NAMES } from './loadProtoDefinition.js'
import { createGrpcTestHarness, TEST_KEYS, type GrpcTestHarness } from './testing/createGrpcTestHarness.js'
import { authMetadata } from './testing/authMetadata.js'
import { callUnary } from './testing/callUnary.js'
import { detailsOf } from './testing/detailsOf.js'
import { sampleBundleAnswer, sampleQuoteAnswer, sampleRouteAnswer } from './testing/sampleAnswers.js'
import { OverloadedError } from '../errors/admission.js'

const routeRequest = {
  from_address: '0x2222222222222222222222222222222222222222',
  amount_in: ['1000'],
  token_in: ['0x3333333333333333333333333333333333333333'],
  token_out: ['0x4444444444444444444444444444444444444444'],
}
const bearer = (key: string) => `Bearer ${key}`
const GATEWAY_SECRET = 'gateway-secret-for-tests-0123456789abcdef'

describe('gRPC server: authentication', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness({ ipRateLimit: { limit: 1_000, windowMs: 60_000 } })
  })
  afterAll(() => h.stop())

  it.each([
    ['no authorization', undefined],
    ['Basic scheme', 'Basic YWxpY2U6cGFzcw=='],
    ['Bearer without token', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['two spaces', `Bearer  ${TEST_KEYS.alice}`],
    ['trailing space', `Bearer ${TEST_KEYS.alice} `],
    ['unknown key', 'Bearer unknown-key-0123456789'],
    ['key with different case', `Bearer ${TEST_KEYS.alice.toUpperCase()}`],
  ])('%s → UNAUTHENTICATED on every RPC, before any work', async (_name, authorization) => {
    const before = h.services.calls.length
    for (const [client, method, request] of [
      [h.routing, 'Route', routeRequest], [h.routing, 'Approve', {}], [h.data, 'Networks', {}], [h.data, 'Account', {}],
    ] as [Client, string, object][]) {
      const { error } = await callUnary(client, method, request, { metadata: authMetadata(authorization) })
      expect(error?.code).toBe(status.UNAUTHENTICATED)
      expect(detailsOf(error)).toEqual({ code: 'UNAUTHENTICATED', message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".' })
      expect(error?.metadata.get('switchyard-error-code')).toEqual(['UNAUTHENTICATED'])
      expect(error?.metadata.get('x-ratelimit-limit')).toEqual(['1000'])
    }
    expect(h.services.calls.length).toBe(before)
  })

  it('a key with a newline cannot even be sent as metadata (grpc-js refuses it client-side)', () => {
    expect(() => authMetadata(`Bearer ${TEST_KEYS.alice}\n`)).toThrow()
  })

  it('a valid key → OK, x-ratelimit-* initial metadata, the key’s accountId passed to the service', async () => {
    const { response, error, initial } = await callUnary(h.routing, 'Route', routeRequest, {
      metadata: authMetadata(`bearer ${TEST_KEYS.alice}`, { 'x-request-id': 'req-123' }),
    })
    expect(error).toBeUndefined()
    expect(response).toMatchObject({ amount_out: '1000' })
    expect(initial?.get('x-ratelimit-limit')).toEqual(['600'])
    expect(initial?.get('x-ratelimit-remaining')).toEqual(['599'])
    expect(initial?.get('x-ratelimit-reset')).toEqual(['1'])
    const call = h.services.calls.at(-1)
    expect(call?.options.caller).toEqual({ accountId: deriveAccountId({ key: TEST_KEYS.alice, accountId: TEST_KEYS.aliceAccountUuid }), keyId: expect.stringMatching(/^[0-9a-f]{8}$/) })
    expect(call?.options.caller.accountId).toBe('0x123e4567e89b12d3a45642661417400000000000000000000000000000000000')
    expect(call?.options.requestId).toBe('req-123')

    await callUnary(h.routing, 'Route', routeRequest, { metadata: authMetadata(bearer(TEST_KEYS.bob)) })
    expect(h.services.calls.at(-1)?.options.caller.accountId).toBe(deriveAccountId({ key: TEST_KEYS.bob }))
    expect(h.services.calls.at(-1)?.options.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('never logs a key', () => {
    const logs = h.logLines.join('\n')
    expect(logs.length).toBeGreaterThan(0)
    expect(logs).not.toContain(TEST_KEYS.alice)
    expect(logs).not.toContain(TEST_KEYS.bob)
  })
})

describe('gRPC server: rate limits', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness({ keyRateLimit: { limit: 3, windowMs: 60_000 }, ipRateLimit: { limit: 2, windowMs: 60_000 }, gatewaySecret: GATEWAY_SECRET })
  })
  afterAll(() => h.stop())

  it('limit + 1 calls with one key → RESOURCE_EXHAUSTED, RATE_LIMITED, retry-after; budget shared across RPCs', async () => {
    const md = () => authMetadata(bearer(TEST_KEYS.alice))
    const remaining: string[] = []
    for (const [client, method] of [[h.routing, 'Route'], [h.data, 'Account'], [h.data, 'Networks']] as [Client, string][]) {
      const { error, initial } = await callUnary(client, method, routeRequest, { metadata: md() })
      expect(error).toBeUndefined()
      remaining.push(String(initial?.get('x-ratelimit-remaining')[0]))
    }
    expect(remaining).toEqual(['2', '1', '0'])
    const calls = h.services.calls.length
    const { error } = await callUnary(h.routing, 'Route', routeRequest, { metadata: md() })
    expect(error?.code).toBe(status.RESOURCE_EXHAUSTED)
    expect(detailsOf(error)).toEqual({ code: 'RATE_LIMITED', message: 'Rate limit exceeded, retry in 20 s.' })
    expect(error?.metadata.get('switchyard-error-code')).toEqual(['RATE_LIMITED'])
    expect(error?.metadata.get('retry-after')).toEqual(['20'])
    expect(error?.metadata.get('x-ratelimit-limit')).toEqual(['3'])
    expect(error?.metadata.get('x-ratelimit-remaining')).toEqual(['0'])
    expect(error?.metadata.get('x-ratelimit-reset')).toEqual(['60'])
    expect(h.services.calls.length).toBe(calls)
    // Another key has its own budget.
    expect((await callUnary(h.routing, 'Route', routeRequest, { metadata: authMetadata(bearer(TEST_KEYS.bob)) })).error).toBeUndefined()
  })

  it('invalid keys are limited per x-forwarded-for IP from the gateway (its credential)', async () => {
    const bad = (ip: string) => authMetadata('Bearer not-a-configured-key-000', { 'x-forwarded-for': ip, 'x-switchyard-gateway': GATEWAY_SECRET })
    const codes: string[] = []
    for (let i = 0; i < 3; i++) codes.push(detailsOf((await callUnary(h.data, 'Account', {}, { metadata: bad('203.0.113.5') })).error).code)
    expect(codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'RATE_LIMITED'])
    const limited = await callUnary(h.data, 'Account', {}, { metadata: bad('203.0.113.5') })
    expect(limited.error?.code).toBe(status.RESOURCE_EXHAUSTED)
    expect(Number(limited.error?.metadata.get('retry-after')[0])).toBeGreaterThanOrEqual(1)
    expect(detailsOf((await callUnary(h.data, 'Account', {}, { metadata: bad('203.0.113.6') })).error).code).toBe('UNAUTHENTICATED')
    // The same IP with a valid key is not affected.
    expect((await callUnary(h.data, 'Account', {}, { metadata: authMetadata(bearer(TEST_KEYS.bob), { 'x-forwarded-for': '203.0.113.5' }) })).error).toBeUndefined()
  })
})

describe('gRPC server: x-forwarded-for from untrusted peers', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness({ ipRateLimit: { limit: 1, windowMs: 60_000 }, trustedProxies: [] })
  })
  afterAll(() => h.stop())

  it('is ignored: a direct caller cannot pick a fresh IP budget per call', async () => {
    const first = await callUnary(h.data, 'Account', {}, { metadata: authMetadata(undefined, { 'x-forwarded-for': '198.51.100.1' }) })
    const second = await callUnary(h.data, 'Account', {}, { metadata: authMetadata(undefined, { 'x-forwarded-for': '198.51.100.2' }) })
    expect([detailsOf(first.error).code, detailsOf(second.error).code]).toEqual(['UNAUTHENTICATED', 'RATE_LIMITED'])
  })
})

describe('gRPC server: health, reflection, limits, shutdown', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness()
  })
  afterAll(() => h.stop())

  it('health reports SERVING for the server and both services (no key needed)', async () => {
    const health = loadPackageDefinition(loadSync(healthProtoPath, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true })) as unknown as {
      grpc: { health: { v1: { Health: new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => Client } } }
    }
    const client = new health.grpc.health.v1.Health(h.address, credentials.createInsecure())
    for (const service of ['', SERVICE_NAMES.routing, SERVICE_NAMES.data]) {
      const { response } = await callUnary<Client, { service: string }, { status: string }>(client, 'Check', { service })
      expect(response?.status).toBe('SERVING')
    }
    client.close()
  })

  it('reflection lists both services', async () => {
    const require = createRequire(import.meta.url)
    const reflectionProto = require.resolve('@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto')
    const pkg = loadPackageDefinition(loadSync(reflectionProto, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true })) as unknown as {
      grpc: { reflection: { v1: { ServerReflection: new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => Client & { ServerReflectionInfo(): ClientDuplexStream<object, { list_services_response?: { service: { name: string }[] } }> } } } }
    }
    const client = new pkg.grpc.reflection.v1.ServerReflection(h.address, credentials.createInsecure())
    const stream = client.ServerReflectionInfo()
    const names = await new Promise<string[]>((resolve, reject) => {
      stream.on('data', (message: { list_services_response?: { service: { name: string }[] } }) => resolve((message.list_services_response?.service ?? []).map((s) => s.name)))
      stream.on('error', reject)
      stream.write({ list_services: '' })
    })
    stream.end()
    client.close()
    expect(names).toEqual(expect.arrayContaining([SERVICE_NAMES.routing, SERVICE_NAMES.data]))
  })

  it('refuses a message over 4 MiB with RESOURCE_EXHAUSTED (THREATS F5) and keeps serving', async () => {
    const huge = { ...routeRequest, token_in: ['x'.repeat(4 * 1024 * 1024 + 1)] }
    const { error } = await callUnary(h.routing, 'Route', huge, { metadata: authMetadata(bearer(TEST_KEYS.alice)) })
    expect(error?.code).toBe(status.RESOURCE_EXHAUSTED)
    expect((await callUnary(h.data, 'Account', {}, { metadata: authMetadata(bearer(TEST_KEYS.alice)) })).error).toBeUndefined()
  })
})

describe('gRPC server: graceful shutdown (THREATS W7)', () => {
  it('lets in-flight calls finish, reports NOT_SERVING, then refuses new calls', async () => {
    const h = await createGrpcTestHarness()
    h.services.impl.route = () => new Promise((resolve) => setTimeout(() => resolve({ ...sampleRouteAnswer, amountOut: 'late' }), 300))
    const inflight = callUnary(h.routing, 'Route', routeRequest, { metadata: authMetadata(bearer(TEST_KEYS.alice)) })
    await waitFor(() => h.services.calls.length === 1)
    const stopped = h.grpc.shutdown()
    const { response, error } = await inflight
    expect(error).toBeUndefined()
    expect(response?.amount_out).toBe('late')
    await stopped
    await h.grpc.shutdown()
    const after = await callUnary(h.data, 'Account', {}, { metadata: authMetadata(bearer(TEST_KEYS.alice)), deadline: Date.now() + 1_000 })
    expect([status.UNAVAILABLE, status.DEADLINE_EXCEEDED]).toContain(after.error?.code)
    await h.stop()
  })

  it('cancels calls still running after the timeout; the use case sees its signal abort', async () => {
    const h = await createGrpcTestHarness({ shutdownTimeoutMs: 100 })
    let aborted: unknown
    let warnedBeforeAbort: boolean | undefined
    const timeoutWarnings = () => h.logLines.map((l) => JSON.parse(l) as { msg: string; timeoutMs?: number }).filter((l) => l.msg.includes('graceful shutdown timed out'))
    h.services.impl.route = (_request, options) => new Promise((_resolve, reject) => {
      options.signal?.addEventListener('abort', () => {
        aborted = options.signal?.reason
        warnedBeforeAbort = timeoutWarnings().length === 1
        reject(new Error('aborted'))
      })
    })
    const inflight = callUnary(h.routing, 'Route', routeRequest, { metadata: authMetadata(bearer(TEST_KEYS.alice)) })
    await waitFor(() => h.services.calls.length === 1)
    // A virtual clock instead of a wall-clock bound: shutdown is still waiting at 99 ms and done
    // at 100 ms, and the timeout (logged once) is what cancelled the in-flight call.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let stopped = false
    const stopping = h.grpc.shutdown().then(() => void (stopped = true))
    try {
      await vi.advanceTimersByTimeAsync(99)
      expect(stopped).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(stopped).toBe(true)
    } finally {
      vi.useRealTimers()
    }
    await stopping
    expect(timeoutWarnings()).toEqual([expect.objectContaining({ timeoutMs: 100 })])
    const { error } = await inflight
    expect([status.CANCELLED, status.UNAVAILABLE, status.INTERNAL]).toContain(error?.code)
    await waitFor(() => aborted !== undefined)
    expect((aborted as DOMException).name).toBe('AbortError')
    expect(warnedBeforeAbort).toBe(true)
    await h.stop()
  })
})

async function waitFor(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('gRPC server: forwarded client IPs need the gateway credential (issue 12)', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    // Loopback peer, default trusted proxies: before issue 12 every rotated header got a fresh bucket.
    h = await createGrpcTestHarness({ ipRateLimit: { limit: 2, windowMs: 60_000 }, gatewaySecret: GATEWAY_SECRET })
  })
  afterAll(() => h.stop())

  it('direct loopback calls rotating x-forwarded-for share one bucket (the peer address)', async () => {
    const codes: string[] = []
    for (let i = 0; i < 4; i++) {
      const md = authMetadata(undefined, { 'x-forwarded-for': `198.51.100.${i + 1}` })
      codes.push(detailsOf((await callUnary(h.data, 'Account', {}, { metadata: md })).error).code)
    }
    expect(codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'RATE_LIMITED', 'RATE_LIMITED'])
    // A wrong credential is no credential.
    const forged = authMetadata(undefined, { 'x-forwarded-for': '198.51.100.99', 'x-switchyard-gateway': `${GATEWAY_SECRET}-forged` })
    expect(detailsOf((await callUnary(h.data, 'Account', {}, { metadata: forged })).error).code).toBe('RATE_LIMITED')
    // The gateway's credential makes the forwarded IP count: a fresh bucket for another client.
    const viaGateway = authMetadata(undefined, { 'x-forwarded-for': '198.51.100.99', 'x-switchyard-gateway': GATEWAY_SECRET })
    expect(detailsOf((await callUnary(h.data, 'Account', {}, { metadata: viaGateway })).error).code).toBe('UNAUTHENTICATED')
  })
})

describe('gRPC server: calls the gateway already authenticated (issue 12)', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness({ keyRateLimit: { limit: 1, windowMs: 60_000 }, gatewaySecret: GATEWAY_SECRET })
  })
  afterAll(() => h.stop())

  it('are not charged again with the credential; the flag alone is ignored', async () => {
    const viaGateway = () => authMetadata(bearer(TEST_KEYS.alice), { 'x-switchyard-gateway': GATEWAY_SECRET, 'x-switchyard-authenticated': '1' })
    for (let i = 0; i < 3; i++) expect((await callUnary(h.data, 'Account', {}, { metadata: viaGateway() })).error).toBeUndefined()
    expect(h.services.calls).toHaveLength(0) // Account is answered by the handler itself
    // Without the credential the flag means nothing: the key's budget (1) is charged.
    const flagOnly = () => authMetadata(bearer(TEST_KEYS.alice), { 'x-switchyard-authenticated': '1' })
    expect((await callUnary(h.data, 'Account', {}, { metadata: flagOnly() })).error).toBeUndefined()
    expect(detailsOf((await callUnary(h.data, 'Account', {}, { metadata: flagOnly() })).error).code).toBe('RATE_LIMITED')
    // With the credential, an unknown key is still refused.
    const unknown = authMetadata('Bearer not-a-configured-key-000', { 'x-switchyard-gateway': GATEWAY_SECRET, 'x-switchyard-authenticated': '1' })
    expect(detailsOf((await callUnary(h.data, 'Account', {}, { metadata: unknown })).error).code).toBe('UNAUTHENTICATED')
  })
})

describe('gRPC server: bounded in-flight route work (issue 12)', () => {
  let h: GrpcTestHarness
  beforeAll(async () => {
    h = await createGrpcTestHarness({ maxInflight: 2 })
  })
  afterAll(() => h.stop())

  it('past the bound a call holds no slot and may only join: the use case is told (joinOnly), and its refusal is UNAVAILABLE OVERLOADED with retry-after', async () => {
    let unblock = () => {}
    const blocked = new Promise<void>((resolve) => {
      unblock = resolve
    })
    h.services.impl.route = async () => {
      await blocked
      return sampleRouteAnswer
    }
    h.services.impl.quote = async () => {
      await blocked
      return sampleQuoteAnswer
    }
    // As the real use cases do where nothing is in flight to join.
    h.services.impl.bundle = async (_request, options) => {
      if (options.joinOnly) throw new OverloadedError({ retryAfterSeconds: 1 })
      return sampleBundleAnswer
    }
    const md = () => authMetadata(bearer(TEST_KEYS.alice))
    const running = [callUnary(h.routing, 'Route', routeRequest, { metadata: md() }), callUnary(h.routing, 'Quote', routeRequest, { metadata: md() })]
    await vi.waitFor(() => expect(h.services.calls.map((c) => c.method).sort()).toEqual(['quote', 'route']))
    expect(h.services.calls.map((c) => c.options.joinOnly)).toEqual([undefined, undefined])
    // Both slots taken: the next route work runs only as a joiner, and is refused where it cannot join.
    const refused = await callUnary(h.routing, 'Bundle', { chain_id: 1, from_address: routeRequest.from_address, actions_json: '[]' }, { metadata: md() })
    expect(refused.error?.code).toBe(status.UNAVAILABLE)
    expect(detailsOf(refused.error)).toMatchObject({ code: 'OVERLOADED' })
    expect(refused.error?.metadata.get('retry-after')).toEqual(['1'])
    expect(h.services.calls.map((c) => [c.method, c.options.joinOnly])).toEqual([['route', undefined], ['quote', undefined], ['bundle', true]])
    // A joiner takes no slot: however many join, the slots stay with the two running calls.
    const joiners = Array.from({ length: 5 }, () => callUnary(h.routing, 'Route', routeRequest, { metadata: md() }))
    await vi.waitFor(() => expect(h.services.calls).toHaveLength(8))
    expect(h.services.calls.slice(3).map((c) => c.options.joinOnly)).toEqual([true, true, true, true, true])
    // Cheap reads are not bounded.
    expect((await callUnary(h.data, 'Networks', {}, { metadata: md() })).error).toBeUndefined()
    unblock()
    expect((await Promise.all([...running, ...joiners])).map((o) => o.error)).toEqual(Array.from({ length: 7 }, () => undefined))
    // Slots are given back when the work ends (the joiners held none to give back).
    const before = h.services.calls.length
    expect((await callUnary(h.routing, 'Route', routeRequest, { metadata: md() })).error).toBeUndefined()
    expect((await callUnary(h.routing, 'Route', routeRequest, { metadata: md() })).error).toBeUndefined()
    expect(h.services.calls.slice(before).map((c) => c.options.joinOnly)).toEqual([undefined, undefined])
  })

  it('gives the slot back when the work fails', async () => {
    h.services.impl.route = async () => {
      throw new Error('boom')
    }
    const md = () => authMetadata(bearer(TEST_KEYS.alice))
    for (let i = 0; i < 3; i++) expect(detailsOf((await callUnary(h.routing, 'Route', routeRequest, { metadata: md() })).error).code).toBe('INTERNAL')
    h.services.impl.route = async () => sampleRouteAnswer
    expect((await callUnary(h.routing, 'Route', routeRequest, { metadata: md() })).error).toBeUndefined()
  })
})
