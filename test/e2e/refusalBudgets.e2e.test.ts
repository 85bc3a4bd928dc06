import { Client, credentials, loadPackageDefinition, Metadata, status, type ServiceError } from '@grpc/grpc-js'
import { OverloadedError } from '../../src/errors/admission.js'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { NoRouteError } from '../../src/errors/engine.js'
import { buildApp } from '../../src/gateway/app.js'
import type { ProtoGrpcType as RoutingProto } from '../../src/grpc/generated/routing_service.js'
import type { RoutingServiceClient } from '../../src/grpc/generated/switchyard/routing/v1/RoutingService.js'
import { loadProtoDefinition, SERVICE_NAMES } from '../../src/grpc/loadProtoDefinition.js'
import { createGrpcServer, MAX_RECEIVE_MESSAGE_BYTES, type GrpcServer } from '../../src/grpc/server.js'
import { callUnary } from '../../src/grpc/testing/callUnary.js'
import { createFakeServices, type FakeServices } from '../../src/grpc/testing/createFakeServices.js'
import { sampleRouteAnswer } from '../../src/grpc/testing/sampleAnswers.js'
import { sendRawGrpcCall } from '../../src/grpc/testing/sendRawGrpcCall.js'
import { parseRouteRequest } from '../../src/schemas/routeRequest.js'
import type { AuthContext } from '../../src/service/auth/authenticate.js'
import { createApiKeyStore } from '../../src/service/auth/createApiKeyStore.js'
import { createRateLimiter, type InProcessRateLimiter, type RateLimiter } from '../../src/service/auth/createRateLimiter.js'

/**
 * Issue 28 item 1: every kind of request refused before work charges the same budget on REST and on
 * gRPC, exactly once — the client IP's when it carries no usable key (none, malformed, unknown, two),
 * the key's otherwise — and a REST request the gateway forwards is not charged again by the gRPC
 * server. Wired as startSwitchyard wires them (one key store and budget pair, the gateway credential,
 * the in-flight bound the gateway peeks at), with fake use cases; both budgets count their charges.
 */
const KEY = 'budget-test-key-0123456789'
const UNKNOWN = 'unknown-test-key-0123456789'
const SECRET = 'gateway-secret-for-tests-0123456789abcdef'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const ROUTE_PATH = `/${SERVICE_NAMES.routing}/Route`
const restRoute = { fromAddress: FROM, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], chainId: 1, variableEstimates: {} }
const grpcRoute = { from_address: FROM, amount_in: ['1000000000'], token_in: [USDC], token_out: [WETH], chain_id: '1' }
/** Bytes no protobuf decoder accepts (wire type 7). */
const UNDECODABLE = Buffer.from([0xff, 0xff, 0xff, 0xff])
const TOO_LARGE = Buffer.alloc(MAX_RECEIVE_MESSAGE_BYTES + 1, 0x0a)

type Bucket = 'ip' | 'key'
const charges: Record<Bucket, number> = { ip: 0, key: 0 }
/** Fresh buckets per case, so a case's own state (a spent budget) is what it says. */
let buckets: Record<Bucket, InProcessRateLimiter>
const counting = (bucket: Bucket): RateLimiter => ({
  limit: 3,
  windowMs: 60_000,
  check(key) {
    charges[bucket]++
    return buckets[bucket].check(key)
  },
})

let services: FakeServices
let grpc: GrpcServer
let address: string
let app: FastifyInstance
let routing: RoutingServiceClient
let raw: Client
let auth: AuthContext
/** The gRPC server's log: the code a call we cannot decode the answer of was refused with. */
const logLines: { msg: string; code?: string; method?: string }[] = []

beforeAll(async () => {
  services = createFakeServices()
  auth = { apiKeys: createApiKeyStore({ keys: [KEY] }), keyLimiter: counting('key'), ipLimiter: counting('ip') }
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) })
  grpc = createGrpcServer({ services, auth: { apiKeys: auth.apiKeys, context: auth, gatewaySecret: SECRET }, maxInflight: 1, logger })
  address = `127.0.0.1:${await grpc.bind('127.0.0.1:0')}`
  const inflight = grpc.inflight!
  app = await buildApp({ grpcAddress: address, auth, gatewaySecret: SECRET, deadlineMs: 5_000, admission: { isFull: () => inflight.inflight >= inflight.max } })
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as RoutingProto
  routing = new proto.switchyard.routing.v1.RoutingService(address, credentials.createInsecure())
  raw = new Client(address, credentials.createInsecure())
})
afterAll(async () => {
  routing.close()
  raw.close()
  await app.close()
  await grpc.shutdown()
})
beforeEach(() => {
  buckets = { ip: createRateLimiter({ limit: 3, windowMs: 60_000 }), key: createRateLimiter({ limit: 3, windowMs: 60_000 }) }
  services.impl.route = async () => sampleRouteAnswer
})

/** Headers (REST) or metadata values (gRPC) for `authorization`. */
type Authorization = readonly string[]
const bearer = (token: string) => `Bearer ${token}`

/** The stable code of a gRPC outcome: ours from the details, else grpc-js's status name. */
function grpcCodeOf(error: ServiceError | null | undefined): string {
  if (!error) return 'OK'
  if (error.details.startsWith('{')) return (JSON.parse(error.details) as { code: string }).code
  return status[error.code]
}

function metadataOf(authorization: Authorization): Metadata {
  const md = new Metadata()
  for (const a of authorization) md.add('authorization', a)
  return md
}

/** A Route call whose message is these bytes, serialized as they are. */
function callWithBytes(authorization: Authorization, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    raw.makeUnaryRequest(ROUTE_PATH, (b: Buffer) => b, (b: Buffer) => b, bytes, metadataOf(authorization), {}, (err) => resolve(grpcCodeOf(err)))
  })
}

const transports = {
  rest: {
    route: async (authorization: Authorization, body: InjectOptions['payload'] = restRoute, contentType = 'application/json') => {
      const headers: Record<string, string | string[]> = { 'content-type': contentType }
      if (authorization.length > 0) headers['authorization'] = [...authorization]
      const reply = await app.inject({ method: 'POST', url: '/api/v1/shortcuts/route', headers, payload: body })
      return `${reply.statusCode} ${reply.json<{ code?: string }>().code ?? 'OK'}`
    },
  },
  grpc: {
    route: async (authorization: Authorization) => {
      // Two values: grpc-js (and Node's http2 client) will not send them; other clients do.
      if (authorization.length > 1) {
        const seen = logLines.length
        await sendRawGrpcCall({ address, path: ROUTE_PATH, headers: authorization.map((a) => ['authorization', a] as const), message: new Uint8Array() })
        return logLines.slice(seen).find((l) => l.msg === 'grpc call failed')?.code ?? 'no refusal logged'
      }
      return grpcCodeOf((await callUnary(routing, 'Route', grpcRoute, { metadata: metadataOf(authorization) })).error)
    },
  },
}

/** Spends a budget before the case: every token of the client IP's bucket, or of the key's. */
function spend(bucket: Bucket): void {
  const key = bucket === 'ip' ? 'ip:127.0.0.1' : `key:${auth.apiKeys.find(KEY)!.hash}`
  for (let i = 0; i < 3; i++) buckets[bucket].check(key)
}

/** Holds one route call in flight (the bound is 1) until the returned function is called. */
async function fillInflight(): Promise<() => Promise<void>> {
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
  const held = callUnary(routing, 'Route', grpcRoute, { metadata: metadataOf([bearer(KEY)]) })
  await vi.waitFor(() => expect(grpc.inflight!.inflight).toBe(1))
  return async () => {
    unblock()
    await held
  }
}

type Case = {
  /** What makes the request refused. */
  name: string
  /** The budget charged, once. */
  charged: Bucket
  /** The answer on each transport: `<http status> <code>` on REST, the code on gRPC. */
  rest: string
  grpc: string
  send: { rest: () => Promise<string>; grpc: () => Promise<string> }
  /** State the refusal needs, set before the charges are counted; returns its cleanup. */
  before?: () => Promise<(() => Promise<void>) | void> | void
  /** Where the use case ran: only for requests it refused (or admitted); gRPC validates in it. */
  worked?: readonly ('rest' | 'grpc')[]
}

const both = (authorization: Authorization) => ({ rest: () => transports.rest.route(authorization), grpc: () => transports.grpc.route(authorization) })

const cases: Case[] = [
  { name: 'no key', charged: 'ip', rest: '401 UNAUTHENTICATED', grpc: 'UNAUTHENTICATED', send: both([]) },
  { name: 'another scheme (Basic)', charged: 'ip', rest: '401 UNAUTHENTICATED', grpc: 'UNAUTHENTICATED', send: both([`Basic ${Buffer.from(`u:${KEY}`).toString('base64')}`]) },
  { name: 'a bearer token too short to be a key', charged: 'ip', rest: '401 UNAUTHENTICATED', grpc: 'UNAUTHENTICATED', send: both(['Bearer short']) },
  { name: 'two spaces after Bearer', charged: 'ip', rest: '401 UNAUTHENTICATED', grpc: 'UNAUTHENTICATED', send: both([`Bearer  ${KEY}`]) },
  { name: 'an unknown key', charged: 'ip', rest: '401 UNAUTHENTICATED', grpc: 'UNAUTHENTICATED', send: both([bearer(UNKNOWN)]) },
  { name: 'two Authorization values, the valid key twice', charged: 'ip', rest: '400 DUPLICATE_AUTHORIZATION', grpc: 'DUPLICATE_AUTHORIZATION', send: both([bearer(KEY), bearer(KEY)]) },
  { name: 'two Authorization values, the valid key and another', charged: 'ip', rest: '400 DUPLICATE_AUTHORIZATION', grpc: 'DUPLICATE_AUTHORIZATION', send: both([bearer(KEY), bearer(UNKNOWN)]) },
  { name: 'no key, the client IP budget spent', charged: 'ip', rest: '429 RATE_LIMITED', grpc: 'RATE_LIMITED', before: () => spend('ip'), send: both([]) },
  { name: 'two Authorization values, the client IP budget spent', charged: 'ip', rest: '429 RATE_LIMITED', grpc: 'RATE_LIMITED', before: () => spend('ip'), send: both([bearer(KEY), bearer(KEY)]) },
  { name: 'the valid key, its budget spent', charged: 'key', rest: '429 RATE_LIMITED', grpc: 'RATE_LIMITED', before: () => spend('key'), send: both([bearer(KEY)]) },
  // REST is refused at the gateway's door (nothing identical was forwarded there); gRPC reaches the use
  // case as a joiner holding no slot, which refuses it (nothing identical in flight to join).
  { name: 'the valid key, the in-flight bound reached', charged: 'key', rest: '503 OVERLOADED', grpc: 'OVERLOADED', worked: ['grpc'], before: fillInflight, send: both([bearer(KEY)]) },
  {
    name: 'the valid key, a message larger than the limit', charged: 'key', rest: '413 PAYLOAD_TOO_LARGE', grpc: 'RESOURCE_EXHAUSTED',
    send: { rest: () => transports.rest.route([bearer(KEY)], `{"pad":"${'x'.repeat(TOO_LARGE.length)}"}`), grpc: () => callWithBytes([bearer(KEY)], TOO_LARGE) },
  },
  {
    name: 'no key, a message larger than the limit', charged: 'ip', rest: '401 UNAUTHENTICATED', grpc: 'UNAUTHENTICATED',
    send: { rest: () => transports.rest.route([], `{"pad":"${'x'.repeat(TOO_LARGE.length)}"}`), grpc: () => callWithBytes([], TOO_LARGE) },
  },
  {
    name: 'the valid key, a message that does not decode', charged: 'key', rest: '400 INVALID_JSON', grpc: 'INTERNAL',
    send: { rest: () => transports.rest.route([bearer(KEY)], '{"not json'), grpc: () => callWithBytes([bearer(KEY)], UNDECODABLE) },
  },
  {
    name: 'no key, a message that does not decode', charged: 'ip', rest: '401 UNAUTHENTICATED', grpc: 'UNAUTHENTICATED',
    send: { rest: () => transports.rest.route([], '{"not json'), grpc: () => callWithBytes([], UNDECODABLE) },
  },
  {
    name: 'the valid key, a request the validator refuses', charged: 'key', rest: '400 MISSING_FIELD', grpc: 'MISSING_FIELD', worked: ['grpc'],
    // REST validates in the gateway; gRPC in the use case (as the real one does, first).
    before: () => {
      services.impl.route = async (request) => {
        parseRouteRequest(request, { requireVariableEstimates: false })
        return sampleRouteAnswer
      }
    },
    send: { rest: () => transports.rest.route([bearer(KEY)], { chainId: 1 }), grpc: () => grpcCodeOfCall({ chain_id: '1' }) },
  },
  {
    name: 'the valid key, a request the use case refuses (REST forwards it: the gRPC server must not charge again)', charged: 'key', rest: '400 NO_ROUTE', grpc: 'NO_ROUTE', worked: ['rest', 'grpc'],
    before: () => {
      services.impl.route = async () => {
        throw new NoRouteError({ reason: 'no pool' })
      }
    },
    send: both([bearer(KEY)]),
  },
  { name: 'the valid key, admitted (the control)', charged: 'key', rest: '200 OK', grpc: 'OK', worked: ['rest', 'grpc'], send: both([bearer(KEY)]) },
]

async function grpcCodeOfCall(request: object): Promise<string> {
  return grpcCodeOf((await callUnary(routing, 'Route', request, { metadata: metadataOf([bearer(KEY)]) })).error)
}

describe('a refused request charges the same budget once, on REST and on gRPC (issue 28 item 1)', () => {
  describe.each(['rest', 'grpc'] as const)('%s', (transport) => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const cleanup = await c.before?.()
      charges.ip = 0
      charges.key = 0
      services.calls.length = 0
      try {
        expect(await c.send[transport]()).toBe(c[transport])
        expect(charges).toEqual(c.charged === 'ip' ? { ip: 1, key: 0 } : { ip: 0, key: 1 })
        expect(services.calls.length > 0).toBe(c.worked?.includes(transport) === true)
      } finally {
        await cleanup?.()
      }
    })
  })
})
