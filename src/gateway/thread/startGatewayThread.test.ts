import { credentials, loadPackageDefinition, Metadata } from '@grpc/grpc-js'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ProtoGrpcType as RoutingProto } from '../../grpc/generated/routing_service.js'
import type { RoutingServiceClient } from '../../grpc/generated/switchyard/routing/v1/RoutingService.js'
import { loadProtoDefinition } from '../../grpc/loadProtoDefinition.js'
import { createGrpcServer, type GrpcServer } from '../../grpc/server.js'
import { callUnary } from '../../grpc/testing/callUnary.js'
import { createFakeServices } from '../../grpc/testing/createFakeServices.js'
import type { AuthContext } from '../../service/auth/authenticate.js'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import { createSharedRateLimiter, type SharedRateLimiter } from '../../service/auth/createSharedRateLimiter.js'
import { createThread } from '../../threads/createThread.js'
import { startGatewayThread, type GatewayThread } from './startGatewayThread.js'

const KEY = 'gateway-thread-key-0123456789'
const SECRET = 'gateway-thread-secret-0123456789abcdef'
// A day: a token refills every 86 s, so a test that counts tokens never sees one come back under load.
const KEY_LIMIT = { limit: 1_000, windowMs: 86_400_000 }
const IP_LIMIT = { limit: 50, windowMs: 600_000 }
const ROUTE = {
  fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', chainId: 1, tokenIn: ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
  tokenOut: ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'], amountIn: ['1000000'], receiver: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  variableEstimates: {},
}
const HEADERS = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }

let grpc: GrpcServer
let auth: AuthContext
let keyLimiter: SharedRateLimiter
let gateway: GatewayThread
let routing: RoutingServiceClient
const logLines: { msg: string }[] = []

beforeAll(async () => {
  keyLimiter = createSharedRateLimiter(KEY_LIMIT)
  const ipLimiter = createSharedRateLimiter(IP_LIMIT)
  auth = { apiKeys: createApiKeyStore({ keys: [KEY] }), keyLimiter, ipLimiter }
  grpc = createGrpcServer({ services: createFakeServices(), auth: { apiKeys: auth.apiKeys, context: auth, gatewaySecret: SECRET }, maxInflight: 2, logger: pino({ level: 'silent' }) })
  const address = `127.0.0.1:${await grpc.bind('127.0.0.1:0')}`
  gateway = await startGatewayThread({
    grpcAddress: address, host: '127.0.0.1', port: 0, logLevel: 'silent', gatewaySecret: SECRET, apiKeys: [KEY], developmentKey: undefined,
    keyRateLimit: KEY_LIMIT, ipRateLimit: IP_LIMIT, budgets: { kind: 'memory', key: keyLimiter.buffer, ip: ipLimiter.buffer },
    inflight: grpc.inflight!.shared, metricsContentType: 'text/plain; version=0.0.4; charset=utf-8',
    metrics: async () => 'switchyard_main_thread_metric 42\n',
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as { msg: string }) }),
    restartDelayMs: 20,
  })
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as RoutingProto
  routing = new proto.switchyard.routing.v1.RoutingService(address, credentials.createInsecure())
}, 60_000)
afterAll(async () => {
  routing?.close()
  await gateway?.close()
  await grpc?.shutdown()
})

describe('the REST gateway in its own thread', () => {
  const held: (() => void)[] = []
  afterEach(() => held.splice(0).forEach((release) => release()))

  it('forwards to the gRPC server on the main thread and answers', async () => {
    const res = await fetch(`${gateway.url}/api/v1/shortcuts/route`, { method: 'POST', headers: HEADERS, body: JSON.stringify(ROUTE) })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { amountOut: string }).amountOut).toBe('1000')
  })

  it('refuses OVERLOADED in milliseconds while the main thread is blocked: the refusal never waits for route work', async () => {
    // Every in-flight slot taken, as by route work the main thread is busy with.
    for (let i = 0; i < 2; i++) held.push(grpc.inflight!.tryAcquire()!)
    const client = createThread(new URL('./testing/timedRequestsThread.js', import.meta.url), {
      // A route never sent before: nothing in flight to join, so the gateway refuses it at the door.
      workerData: { url: `${gateway.url}/api/v1/shortcuts/route`, count: 20, headers: HEADERS, body: JSON.stringify({ ...ROUTE, amountIn: ['7777777'] }) },
    })
    await new Promise((resolve) => client.once('message', resolve))
    const answers = new Promise<{ status: number; code?: string; retryAfter: string | null; ms: number }[]>((resolve) => client.once('message', resolve))
    client.postMessage('go')
    // The main thread does nothing else for 1.5 s: no event loop turn, no timer, no I/O callback.
    const blockedAt = performance.now()
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500)
    const blockedMs = performance.now() - blockedAt
    const seen = await answers
    await client.terminate()
    expect(blockedMs).toBeGreaterThanOrEqual(1_400)
    expect(seen.map((s) => [s.status, s.code, s.retryAfter])).toEqual(Array.from({ length: 20 }, () => [503, 'OVERLOADED', '1']))
    // All 20 answered while the main thread was blocked: the slowest is far below the block.
    expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(700)
    expect(seen.reduce((sum, s) => sum + s.ms, 0)).toBeLessThan(1_400)
  })

  it('charges the budgets the gRPC server charges: one bucket per key for both transports', async () => {
    // The key's bucket is `key:<sha256>`; read it through the main thread's limiter before and after.
    const hash = createApiKeyStore({ keys: [KEY] }).find(KEY)!.hash
    const start = keyLimiter.check(`key:${hash}`).remaining
    const rest = await fetch(`${gateway.url}/api/v1/shortcuts/route`, { method: 'POST', headers: HEADERS, body: JSON.stringify(ROUTE) })
    expect(rest.status).toBe(200)
    expect(rest.headers.get('x-ratelimit-remaining')).toBe(String(start - 1))
    const md = new Metadata()
    md.set('authorization', `Bearer ${KEY}`)
    const direct = await callUnary(routing, 'Route', { from_address: ROUTE.fromAddress, chain_id: 1, token_in: ROUTE.tokenIn, token_out: ROUTE.tokenOut, amount_in: ROUTE.amountIn, receiver: ROUTE.receiver }, { metadata: md })
    expect(direct.error).toBeUndefined()
    expect(keyLimiter.check(`key:${hash}`).remaining).toBe(start - 3)
  })

  it('serves the main thread’s metrics at /metrics', async () => {
    const res = await fetch(`${gateway.url}/metrics`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('switchyard_main_thread_metric 42')
  })

  it('a thread that dies is started again on the same port, and logged', async () => {
    const url = gateway.url
    await gateway.kill()
    expect(gateway.restarts).toBe(0)
    let res: Response | undefined
    // A new thread loads the gateway's modules again (through tsx here): seconds on a loaded machine.
    const until = Date.now() + 45_000
    while (res === undefined && Date.now() < until) {
      res = await fetch(`${url}/api/v1/shortcuts/route`, { method: 'POST', headers: HEADERS, body: JSON.stringify(ROUTE) }).catch(() => undefined)
      if (res === undefined) await new Promise((r) => setTimeout(r, 25))
    }
    expect(res?.status).toBe(200)
    expect(gateway.restarts).toBe(1)
    expect(gateway.url).toBe(url)
    expect(logLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['gateway thread exited; starting it again', 'gateway thread started again']))
  }, 60_000)
})

describe('closing', () => {
  it('closes the app and ends the thread: the port stops answering', async () => {
    const own = await startGatewayThread({
      grpcAddress: '127.0.0.1:1', host: '127.0.0.1', port: 0, logLevel: 'silent', gatewaySecret: SECRET, apiKeys: [], developmentKey: 'sy_dev_thread-test-development-key',
      keyRateLimit: KEY_LIMIT, ipRateLimit: IP_LIMIT, budgets: { kind: 'memory', key: createSharedRateLimiter(KEY_LIMIT).buffer, ip: createSharedRateLimiter(IP_LIMIT).buffer },
      inflight: undefined, metricsContentType: 'text/plain', metrics: async () => '', logger: pino({ level: 'silent' }),
    })
    // The development key is the one the main thread generated.
    const networks = await fetch(`${own.url}/api/v1/shortcuts/route`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer nope-nope-nope-nope' }, body: '{}' })
    expect(networks.status).toBe(401)
    const started = performance.now()
    await own.close()
    await own.close()
    expect(performance.now() - started).toBeLessThan(5_000)
    await expect(fetch(`${own.url}/api/v1/networks`)).rejects.toThrow()
  })

  it('a first start that cannot listen fails with the reason', async () => {
    await expect(startGatewayThread({
      grpcAddress: '127.0.0.1:1', host: '127.0.0.1', port: Number(new URL(gateway.url).port), logLevel: 'silent', gatewaySecret: SECRET, apiKeys: [KEY], developmentKey: undefined,
      keyRateLimit: KEY_LIMIT, ipRateLimit: IP_LIMIT, budgets: { kind: 'memory', key: createSharedRateLimiter(KEY_LIMIT).buffer, ip: createSharedRateLimiter(IP_LIMIT).buffer },
      inflight: undefined, metricsContentType: 'text/plain', metrics: async () => '', logger: pino({ level: 'silent' }),
    })).rejects.toThrow(/EADDRINUSE/)
  })
})
