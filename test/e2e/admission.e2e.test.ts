import { Metadata, status } from '@grpc/grpc-js'
import type { FastifyInstance } from 'fastify'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { NodeDownError, OverloadedError } from '../../src/errors/admission.js'
import { buildApp } from '../../src/gateway/app.js'
import { createGrpcServer, type GrpcServer } from '../../src/grpc/server.js'
import { callUnary } from '../../src/grpc/testing/callUnary.js'
import { createFakeServices, type FakeServices } from '../../src/grpc/testing/createFakeServices.js'
import { detailsOf } from '../../src/grpc/testing/detailsOf.js'
import { sampleRouteAnswer } from '../../src/grpc/testing/sampleAnswers.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import type { AuthContext } from '../../src/service/auth/authenticate.js'
import { createApiKeyStore } from '../../src/service/auth/createApiKeyStore.js'
import { createRateLimiter } from '../../src/service/auth/createRateLimiter.js'
import { credentials, loadPackageDefinition } from '@grpc/grpc-js'
import type { ProtoGrpcType as RoutingProto } from '../../src/grpc/generated/routing_service.js'
import type { RoutingServiceClient } from '../../src/grpc/generated/switchyard/routing/v1/RoutingService.js'

/**
 * Issue 12 on both transports, wired as startSwitchyard wires them (one key store and budget pair,
 * the gateway credential, a bound on in-flight route work), with fake use cases instead of chains.
 */
const KEY = 'admission-test-key-0123456789'
const SECRET = 'gateway-secret-for-tests-0123456789abcdef'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const restRoute = { fromAddress: FROM, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], chainId: 1, variableEstimates: {} }
const grpcRoute = { from_address: FROM, amount_in: ['1000000000'], token_in: [USDC], token_out: [WETH] }

let services: FakeServices
let grpc: GrpcServer
let app: FastifyInstance
let routing: RoutingServiceClient
let auth: AuthContext

beforeAll(async () => {
  services = createFakeServices()
  auth = {
    apiKeys: createApiKeyStore({ keys: [KEY] }),
    keyLimiter: createRateLimiter({ limit: 8, windowMs: 60_000 }),
    ipLimiter: createRateLimiter({ limit: 3, windowMs: 60_000 }),
  }
  grpc = createGrpcServer({ services, auth: { apiKeys: auth.apiKeys, context: auth, gatewaySecret: SECRET }, maxInflight: 1, logger: pino({ level: 'silent' }) })
  const port = await grpc.bind('127.0.0.1:0')
  // As startSwitchyard wires it: the gateway peeks at the service's in-flight bound.
  const inflight = grpc.inflight!
  app = await buildApp({ grpcAddress: `127.0.0.1:${port}`, auth, gatewaySecret: SECRET, deadlineMs: 5_000, admission: { isFull: () => inflight.inflight >= inflight.max } })
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as RoutingProto
  routing = new proto.switchyard.routing.v1.RoutingService(`127.0.0.1:${port}`, credentials.createInsecure())
})
afterAll(async () => {
  routing.close()
  await app.close()
  await grpc.shutdown()
})
beforeEach(() => {
  services.calls.length = 0
  services.impl.route = async () => sampleRouteAnswer
})

const keyed = () => {
  const md = new Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return md
}
const rest = (body: unknown = restRoute, headers: Record<string, string> = { authorization: `Bearer ${KEY}` }) =>
  app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers, payload: body as object })

describe('load shedding on both transports', () => {
  it('past the in-flight bound: REST 503 OVERLOADED with Retry-After, gRPC UNAVAILABLE with retry-after, at once', async () => {
    let unblock = () => {}
    const blocked = new Promise<void>((resolve) => {
      unblock = resolve
    })
    // As getRoute does: a call past the bound (joinOnly) joins an identical computation or is refused.
    services.impl.route = async (_request, options) => {
      if (options.joinOnly === true) throw new OverloadedError({ retryAfterSeconds: 1 })
      await blocked
      return sampleRouteAnswer
    }
    const first = rest()
    await vi.waitFor(() => expect(services.calls).toHaveLength(1))
    // Another request than the one in flight: refused at the gateway's door.
    const shed = await rest({ ...restRoute, amountIn: ['1000000001'] })
    expect(shed.statusCode).toBe(503)
    expect(shed.headers['retry-after']).toBe('1')
    expect(shed.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'OVERLOADED' })
    const direct = await callUnary(routing, 'Route', grpcRoute, { metadata: keyed() })
    expect(direct.error?.code).toBe(status.UNAVAILABLE)
    expect(detailsOf(direct.error).code).toBe('OVERLOADED')
    expect(direct.error?.metadata.get('retry-after')).toEqual(['1'])
    // Nothing queued behind the bound: the use case saw the admitted call, and the direct call only as a
    // joiner holding no slot (refused, since the fake keeps nothing to join).
    expect(services.calls.map((c) => c.options.joinOnly)).toEqual([undefined, true])
    unblock()
    expect((await first).statusCode).toBe(200)
    expect((await rest()).statusCode).toBe(200)
  })

  it('a chain whose node is down: 503 UPSTREAM_UNAVAILABLE with Retry-After on REST, retry-after on gRPC', async () => {
    services.impl.route = async () => {
      throw new NodeDownError({ chainId: 1, retryAfterSeconds: 4, reason: 'connect ECONNREFUSED' })
    }
    const down = await rest()
    expect(down.statusCode).toBe(503)
    expect(down.headers['retry-after']).toBe('4')
    expect(down.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'The node for chain 1 is unavailable.' })
    const direct = await callUnary(routing, 'Route', grpcRoute, { metadata: keyed() })
    expect(direct.error?.code).toBe(status.UNAVAILABLE)
    expect(direct.error?.metadata.get('retry-after')).toEqual(['4'])
  })
})

describe('load shedding at the door (issue 24 item 7)', () => {
  it('with the bound reached, route work is refused in the gateway before its body is read, after its key is checked', async () => {
    // Servers of its own, so its requests charge budgets no other test counts on.
    const own = createFakeServices()
    const ownAuth: AuthContext = { apiKeys: createApiKeyStore({ keys: [KEY] }), keyLimiter: createRateLimiter({ limit: 100, windowMs: 60_000 }), ipLimiter: createRateLimiter({ limit: 100, windowMs: 60_000 }) }
    const server = createGrpcServer({ services: own, auth: { apiKeys: ownAuth.apiKeys, context: ownAuth, gatewaySecret: SECRET }, maxInflight: 1, logger: pino({ level: 'silent' }) })
    const port = await server.bind('127.0.0.1:0')
    const inflight = server.inflight!
    const gateway = await buildApp({ grpcAddress: `127.0.0.1:${port}`, auth: ownAuth, gatewaySecret: SECRET, deadlineMs: 5_000, admission: { isFull: () => inflight.inflight >= inflight.max } })
    try {
      let unblock = () => {}
      const blocked = new Promise<void>((resolve) => {
        unblock = resolve
      })
      own.impl.route = async () => {
        await blocked
        return sampleRouteAnswer
      }
      const first = gateway.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { authorization: `Bearer ${KEY}` }, payload: restRoute })
      await vi.waitFor(() => expect(own.calls).toHaveLength(1))
      // A body that is not even JSON gets the same 503 (a parsed one would be 400 INVALID_JSON), on every
      // route-work path; the key is checked and charged first (401 without one); other endpoints answer.
      for (const [method, url] of [['POST', '/api/v1/shortcuts/route'], ['POST', `/api/v1/shortcuts/bundle?chainId=1&fromAddress=${FROM}`], ['GET', '/api/v1/shortcuts/quote?chainId=1'], ['GET', '/api/v1/shortcuts/route/nontokenized?chainId=1']] as const) {
        const early = await gateway.inject({ method, url, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, ...(method === 'POST' ? { payload: '{"not json' } : {}) })
        expect([url, early.statusCode, early.json().code, early.headers['retry-after'], early.headers['x-ratelimit-limit']]).toEqual([url, 503, 'OVERLOADED', '1', '100'])
      }
      expect((await gateway.inject({ method: 'GET', url: '/api/v1/shortcuts/quote?chainId=1', headers: { authorization: 'Bearer nope-nope-nope-nope-nope' } })).statusCode).toBe(401)
      expect(own.calls).toHaveLength(1)
      unblock()
      expect((await first).statusCode).toBe(200)
      // Below the bound again: the same malformed body is read and refused as such.
      const after = await gateway.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, payload: '{"not json' })
      expect([after.statusCode, after.json().code]).toEqual([400, 'INVALID_JSON'])
    } finally {
      await gateway.close()
      await server.shutdown()
    }
  })
})

describe('authentication before work, one budget per key', () => {
  it('a key is charged once per request on either transport, from one budget (THREATS H6)', async () => {
    // 8 per minute; the tests above spent 6 (REST 4, gRPC 2): each transport sees the other's charges.
    const viaRest = await rest()
    expect([viaRest.statusCode, viaRest.headers['x-ratelimit-remaining']]).toEqual([200, '1'])
    const viaGrpc = await callUnary(routing, 'Route', grpcRoute, { metadata: keyed() })
    expect([viaGrpc.error, viaGrpc.initial?.get('x-ratelimit-remaining')]).toEqual([undefined, ['0']])
    const outcomes = [(await rest()).statusCode, (await callUnary(routing, 'Route', grpcRoute, { metadata: keyed() })).error?.code ?? 0]
    expect(outcomes).toEqual([429, status.RESOURCE_EXHAUSTED])
    expect(services.calls).toHaveLength(2)
  })

  it('keyless REST requests are refused in the gateway; rotating x-forwarded-for buys nothing on either transport', async () => {
    const codes: string[] = []
    for (let i = 0; i < 4; i++) codes.push((await rest(restRoute, { 'x-forwarded-for': `198.51.100.${i}` })).json<{ code: string }>().code)
    expect(codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'RATE_LIMITED'])
    // Direct gRPC from the same loopback address shares that spent bucket, whatever it forwards.
    const md = new Metadata()
    md.set('x-forwarded-for', '203.0.113.77')
    expect(detailsOf((await callUnary(routing, 'Route', grpcRoute, { metadata: md })).error).code).toBe('RATE_LIMITED')
    expect(services.calls).toHaveLength(0)
  })
})
