import { credentials, loadPackageDefinition, Metadata, status, type Client, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js'
import { pino } from 'pino'
import { afterEach, describe, expect, test } from 'vitest'
import { InvalidRequestError } from '../../errors/request.js'
import { createApiKeyStore } from '../../service/auth/createApiKeyStore.js'
import type { RouteStreamServices } from '../../service/createRouteStreamServices.js'
import type { WatchSink } from '../../service/watch/createRouteWatchRegistry.js'
import { loadProtoDefinition } from '../loadProtoDefinition.js'
import { createGrpcServer, type GrpcServer } from '../server.js'
import { createFakeServices } from '../testing/createFakeServices.js'
import { sampleRouteAnswer } from '../testing/sampleAnswers.js'

/**
 * RouteStreamService over a real gRPC server with fake use cases: each batch item and each stream
 * answer after the first is charged to the key (heartbeats are free), a bad item fails alone, a
 * refusal before the stream ends the call with its error, and a slow reader is dropped.
 */

const KEY = 'route-stream-service-key-0123456789'
type StreamClient = Client & {
  WatchRoute: (request: unknown, metadata: Metadata) => ClientReadableStream<{ block_number: string; answer?: { amount_out: string }; heartbeat?: object }>
  RouteBatch: (request: unknown, metadata: Metadata, cb: (err: ServiceError | null, res: { items: { answer?: { amount_out: string }; error?: { code: string; status_code: number } }[] }) => void) => void
}

let server: GrpcServer | undefined
let client: StreamClient | undefined
afterEach(async () => {
  client?.close()
  await server?.shutdown()
})

const md = () => {
  const m = new Metadata()
  m.set('authorization', `Bearer ${KEY}`)
  return m
}

async function start({ limit, buffer = 4, routeStream }: { limit: number; buffer?: number; routeStream: Partial<RouteStreamServices> }) {
  server = createGrpcServer({
    services: createFakeServices(),
    logger: pino({ level: 'silent' }),
    auth: { apiKeys: createApiKeyStore({ keys: [KEY] }), keyRateLimit: { limit, windowMs: 3_600_000 } },
    routeStream: { services: { watches: { close: () => {} }, ...routeStream } as RouteStreamServices, buffer },
  })
  const port = await server.bind('127.0.0.1:0')
  const proto = loadPackageDefinition(loadProtoDefinition()) as unknown as { switchyard: { routing: { v1: { RouteStreamService: new (a: string, c: unknown) => StreamClient } } } }
  client = new proto.switchyard.routing.v1.RouteStreamService(`127.0.0.1:${port}`, credentials.createInsecure())
  return client
}

const request = (amount: string) => ({ from_address: '0x1', amount_in: [amount], token_in: ['0x2'], token_out: ['0x3'] })

describe('RouteBatch', () => {
  test('each item after the first is charged: past the budget an item is RATE_LIMITED without running; a bad item fails alone', async () => {
    const seen: unknown[][] = []
    const c = await start({
      limit: 3,
      routeStream: {
        routeBatch: async (requests) => {
          seen.push([...requests])
          return requests.map((r) => ((r as { amountIn: string[] }).amountIn[0] === 'bad'
            ? { ok: false, error: new InvalidRequestError({ code: 'INVALID_AMOUNT', message: 'bad amount', issues: [{ field: 'amountIn', reason: 'bad' }] }) }
            : { ok: true, answer: { ...sampleRouteAnswer, amountOut: (r as { amountIn: string[] }).amountIn[0]! } }))
        },
      },
    })
    const res = await new Promise<{ items: { answer?: { amount_out: string }; error?: { code: string; status_code: number } }[] }>((resolve, reject) =>
      c.RouteBatch({ requests: [request('1'), request('bad'), request('3'), request('4'), request('5')] }, md(), (err, r) => (err ? reject(err) : resolve(r))))
    expect(res.items.map((i) => i.answer?.amount_out ?? `${i.error?.status_code} ${i.error?.code}`)).toEqual(['1', '400 INVALID_AMOUNT', '3', '429 RATE_LIMITED', '429 RATE_LIMITED'])
    expect(seen).toHaveLength(1)
    expect(seen[0]).toHaveLength(3)
  })
})

describe('WatchRoute', () => {
  test('answers after the first are charged, heartbeats are not; a spent budget ends the stream RATE_LIMITED and closes the subscription', async () => {
    let sink: WatchSink | undefined
    let closed = 0
    const c = await start({
      limit: 3,
      buffer: 100,
      routeStream: {
        watchRoute: async (_request, options) => {
          sink = options.sink
          return { first: sampleRouteAnswer, close: () => void closed++ }
        },
      },
    })
    const call = c.WatchRoute(request('1'), md())
    const kinds: string[] = []
    call.on('data', (m) => kinds.push(m.answer ? 'answer' : 'heartbeat'))
    const ended = new Promise<ServiceError>((resolve) => call.on('error', resolve))
    while (kinds.length < 1) await new Promise((r) => setTimeout(r, 5))
    const answer = { kind: 'answer' as const, blockNumber: 2, answer: sampleRouteAnswer, changed: ['amountOut' as const] }
    for (let i = 0; i < 5; i++) sink!.send({ kind: 'heartbeat', blockNumber: 1 + i })
    sink!.send(answer) // the second token
    sink!.send(answer) // the third
    sink!.send(answer) // refused
    const error = await Promise.race([ended, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the stream did not end')), 5_000))])
    expect(error.code).toBe(status.RESOURCE_EXHAUSTED)
    expect(JSON.parse(error.details)).toMatchObject({ code: 'RATE_LIMITED' })
    expect(kinds).toEqual(['answer', 'heartbeat', 'heartbeat', 'heartbeat', 'heartbeat', 'heartbeat', 'answer', 'answer'])
    expect(closed).toBe(1)
  })

  test('a refusal ends the call before any message; a cancelled call closes the subscription', async () => {
    let closed = 0
    const c = await start({
      limit: 100,
      routeStream: {
        watchRoute: async (r) => {
          if ((r as { amountIn: string[] }).amountIn[0] === 'bad') throw new InvalidRequestError({ code: 'INVALID_AMOUNT', message: 'bad amount', issues: [] })
          return { first: sampleRouteAnswer, close: () => void closed++ }
        },
      },
    })
    const bad = c.WatchRoute(request('bad'), md())
    const messages: unknown[] = []
    bad.on('data', (m) => messages.push(m))
    const error = await new Promise<ServiceError>((resolve) => bad.on('error', resolve))
    expect([error.code, JSON.parse(error.details).code, messages.length]).toEqual([status.INVALID_ARGUMENT, 'INVALID_AMOUNT', 0])
    const good = c.WatchRoute(request('1'), md())
    await new Promise((resolve) => good.once('data', resolve))
    good.on('error', () => {})
    good.cancel()
    const until = Date.now() + 2_000
    while (closed === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5))
    expect(closed).toBe(1)
  })

  test('a reader with `buffer` events unread makes the sink refuse the next (the registry then drops it SLOW_READER)', async () => {
    let sink: WatchSink | undefined
    const c = await start({
      limit: 1_000_000,
      buffer: 8,
      routeStream: {
        watchRoute: async (_r, options) => {
          sink = options.sink
          return { first: sampleRouteAnswer, close: () => {} }
        },
      },
    })
    const call = c.WatchRoute(request('1'), md())
    await new Promise((resolve) => call.once('data', resolve))
    call.on('error', () => {})
    call.pause()
    // Large answers fill the HTTP/2 window, then grpc-js's buffer: the sink must refuse within a bounded number.
    const big = { ...sampleRouteAnswer, tx: { ...sampleRouteAnswer.tx, data: `0x${'ab'.repeat(200_000)}` as `0x${string}` } }
    let accepted = 0
    while (sink!.send({ kind: 'answer', blockNumber: accepted, answer: big, changed: ['amountOut'] })) {
      accepted++
      if (accepted > 1_000) break
      await new Promise((r) => setTimeout(r, 2))
    }
    expect(accepted).toBeLessThan(1_000)
    call.cancel()
  })
})
