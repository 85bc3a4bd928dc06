import { EventEmitter, getEventListeners } from 'node:events'
import * as grpc from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ProtoGrpcType as DataProto } from '../../grpc/generated/data_service.js'
import { GATEWAY_AUTHENTICATED_METADATA, GATEWAY_SECRET_METADATA } from '../../grpc/gatewayCredential.js'
import { buildApp } from '../app.js'
import type { FakeGrpcServer, RecordedCall } from '../testing/fakeGrpcServer.js'
import { grpcError } from '../testing/grpcError.js'
import { rateLimitMetadata } from '../testing/rateLimitMetadata.js'
import { startFakeGrpcServer } from '../testing/startFakeGrpcServer.js'
import { FROM } from '../testing/startTestGateway.js'
import { createGatewayClients, createGatewayGrpc, PROTO_DIR, type CallContext, type GatewayClients, type GatewayGrpc } from './grpcClient.js'

let fake: FakeGrpcServer
beforeAll(async () => {
  fake = await startFakeGrpcServer()
})
afterAll(async () => {
  await fake?.stop()
})
beforeEach(() => {
  fake.calls.length = 0
  fake.handlers = {}
})

/** Clients made in the test itself (a loader option that breaks them then fails the test), closed after it. */
async function withGrpc(options: { deadlineMs?: number; credential?: { secret: string; authenticated: boolean } }, body: (g: GatewayGrpc) => Promise<void>): Promise<void> {
  const clients = createGatewayClients({ address: fake.address })
  try {
    await body(createGatewayGrpc(clients, { deadlineMs: options.deadlineMs ?? 2_000, credential: options.credential }))
  } finally {
    clients.routing.close()
    clients.data.close()
  }
}
const context = (entries: Record<string, string> = {}, signal?: AbortSignal): CallContext => {
  const metadata = new grpc.Metadata()
  for (const [k, v] of Object.entries(entries)) metadata.set(k, v)
  return signal === undefined ? { metadata } : { metadata, signal }
}
/** Holds the call unanswered until the client cancels it (or its deadline passes), then ends it. */
const untilCancelled = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<never>) => {
  call.once('cancelled', () => callback({ code: grpc.status.CANCELLED }))
}

describe('createGatewayGrpc', () => {
  it('each wrapper calls its own RPC, with the request in snake_case, the metadata and a deadline', async () => {
    let deadline: grpc.Deadline | undefined
    fake.handlers.Route = (call, callback) => {
      deadline = call.getDeadline()
      callback(null, {})
    }
    await withGrpc({ deadlineMs: 1_500 }, async (g) => {
      const sent = Date.now()
      const calls: [keyof GatewayGrpc, RecordedCall['method']][] = [
        ['route', 'Route'], ['quote', 'Quote'], ['approve', 'Approve'], ['bundle', 'Bundle'], ['nontokenizedRoute', 'RouteNontokenized'],
        ['nontokenized', 'Nontokenized'], ['networks', 'Networks'], ['account', 'Account'], ['protocols', 'Protocols'], ['standards', 'Standards'],
        ['projects', 'Projects'], ['tokens', 'Tokens'], ['prices', 'Prices'], ['volume', 'Volume'], ['bridgePools', 'BridgePools'],
        ['bridgeStatus', 'BridgeStatus'], ['walletBalances', 'WalletBalances'], ['actions', 'Actions'], ['aggregators', 'Aggregators'], ['projectProtocols', 'ProjectProtocols'],
      ]
      for (const [wrapper] of calls) {
        const call = g[wrapper] as (ctx: CallContext, request: object) => Promise<unknown>
        await call(context({ 'x-request-id': wrapper }), { from_address: FROM }).catch(() => undefined)
      }
      expect(fake.calls.map((c) => [c.method, c.metadata['x-request-id']])).toEqual(calls.map(([wrapper, method]) => [method, wrapper]))
      expect((fake.calls[0]?.request as { from_address: string }).from_address).toBe(FROM)
      // The server rebuilds the deadline from a relative timeout: it is later by the call's transit time.
      const left = new Date(deadline as Date).getTime() - sent
      expect(left).toBeGreaterThan(500)
      expect(left).toBeLessThan(2_500)
    })
  })

  it('answers the response with the initial metadata (the rate-limit headers)', async () => {
    await withGrpc({}, async (g) => {
      const { response, metadata } = await g.networks(context(), {})
      expect(response.networks.length).toBeGreaterThan(0)
      const route = await g.route(context(), { from_address: FROM })
      expect([route.response.gas, route.metadata.get('x-ratelimit-limit')]).toEqual(['181234', ['100']])
      expect(metadata).toBeInstanceOf(grpc.Metadata)
    })
  })

  it('sends the gateway credential: the secret always, the authenticated mark only when the gateway charged the key, never the caller\'s own', async () => {
    const forged = { [GATEWAY_AUTHENTICATED_METADATA]: '1', 'x-request-id': 'r' }
    await withGrpc({}, async (g) => {
      await g.networks(context(forged), {})
    })
    await withGrpc({ credential: { secret: 's3cret', authenticated: false } }, async (g) => {
      const ctx = context(forged)
      await g.networks(ctx, {})
      // The caller's metadata is left as it was: the credential goes on a copy.
      expect(ctx.metadata.get(GATEWAY_SECRET_METADATA)).toEqual([])
    })
    await withGrpc({ credential: { secret: 's3cret', authenticated: true } }, async (g) => {
      await g.networks(context({ 'x-request-id': 'r' }), {})
    })
    const seen = fake.calls.map((c) => [c.metadata[GATEWAY_SECRET_METADATA], c.metadata[GATEWAY_AUTHENTICATED_METADATA]])
    expect(seen).toEqual([[undefined, '1'], ['s3cret', undefined], ['s3cret', '1']])
  })

  it('a failed call carries the initial metadata under its trailers: keys only in the initial block are added, the trailers win', async () => {
    fake.handlers.Route = (call, callback) => {
      call.sendMetadata(rateLimitMetadata())
      callback(grpcError({ status: grpc.status.RESOURCE_EXHAUSTED, envelope: { code: 'RATE_LIMITED', message: 'slow down' }, trailers: { 'x-ratelimit-remaining': '0', 'retry-after': '7' } }))
    }
    await withGrpc({}, async (g) => {
      const error = (await g.route(context(), {}).catch((e: unknown) => e)) as grpc.ServiceError
      expect(error.code).toBe(grpc.status.RESOURCE_EXHAUSTED)
      const keys = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'switchyard-error-code']
      expect(keys.map((k) => error.metadata.get(k))).toEqual([['100'], ['0'], ['60'], ['7'], ['RATE_LIMITED']])
    })
  })

  it('aborting the signal cancels the call at once; a signal aborted before the call cancels it too; no listener is left behind', async () => {
    fake.handlers.Networks = untilCancelled
    await withGrpc({ deadlineMs: 5_000 }, async (g) => {
      const controller = new AbortController()
      const started = performance.now()
      const pending = g.networks(context({}, controller.signal), {})
      setTimeout(() => controller.abort(), 100)
      await expect(pending).rejects.toMatchObject({ code: grpc.status.CANCELLED })
      expect(performance.now() - started).toBeLessThan(2_000)
      const aborted = AbortSignal.abort()
      await expect(g.networks(context({}, aborted), {})).rejects.toMatchObject({ code: grpc.status.CANCELLED })
      fake.handlers = {}
      const kept = new AbortController()
      await g.networks(context({}, kept.signal), {})
      await expect(g.networks(context({}, kept.signal), {}).then(() => g.route(context({}, kept.signal), {}))).resolves.toBeDefined()
      expect(getEventListeners(kept.signal, 'abort')).toEqual([])
      expect(getEventListeners(controller.signal, 'abort')).toEqual([])
    })
  })

  it('a call without a signal completes (success and failure)', async () => {
    await withGrpc({}, async (g) => {
      await expect(g.networks({ metadata: new grpc.Metadata() }, {})).resolves.toMatchObject({ response: { networks: expect.any(Array) } })
      fake.handlers.Networks = (_call, callback) => callback(grpcError({ status: grpc.status.UNAVAILABLE, envelope: { code: 'UNAVAILABLE', message: 'x' } }))
      await expect(g.networks({ metadata: new grpc.Metadata() }, {})).rejects.toMatchObject({ code: grpc.status.UNAVAILABLE })
    })
  })

  it('a call answered with no response is an INTERNAL error carrying the initial metadata', async () => {
    const initial = rateLimitMetadata()
    // A client that answers without a message, which grpc-js itself never does: the wrapper must not resolve undefined.
    const emptyClient = {
      Networks: (_request: unknown, _metadata: grpc.Metadata, _options: grpc.CallOptions, callback: (err: null, response?: unknown) => void) => {
        const call = Object.assign(new EventEmitter(), { cancel: () => undefined })
        setImmediate(() => {
          call.emit('metadata', initial)
          callback(null, undefined)
        })
        return call
      },
    }
    const g = createGatewayGrpc({ routing: {}, data: emptyClient } as unknown as GatewayClients, { deadlineMs: 1_000 })
    const error = (await g.networks(context(), {}).catch((e: unknown) => e)) as grpc.ServiceError
    expect(error).toBeInstanceOf(Error)
    expect([error.message, error.code, error.details, error.metadata]).toEqual(['empty gRPC response', grpc.status.INTERNAL, '', initial])
  })

  it('registers no channel with channelz (its counters and traces are not served)', async () => {
    await withGrpc({}, async (g) => {
      await g.networks(context(), {})
      const top = await new Promise<{ channel: { data: { target: string } }[] }>((resolve, reject) => {
        grpc.getChannelzHandlers().GetTopChannels({ request: { start_channel_id: 0, max_results: 0 } } as never, ((err: unknown, value: unknown) => (err ? reject(err) : resolve(value as never))) as never)
      })
      expect(top.channel.filter((c) => c.data.target.includes(fake.address))).toEqual([])
    })
  })
})

describe('grpcClientPlugin', () => {
  it('closes the clients it made from grpcAddress when the app closes', async () => {
    const app = await buildApp({ grpcAddress: fake.address, deadlineMs: 2_000 })
    const g = app.grpc
    await g.networks(context(), {})
    await app.close()
    await expect(g.networks(context(), {})).rejects.toThrow(/shut down/i)
  })

  it('leaves clients it was given open', async () => {
    const clients = createGatewayClients({ address: fake.address })
    try {
      const app = await buildApp({ clients, deadlineMs: 2_000 })
      const g = app.grpc
      await app.close()
      await expect(g.networks(context(), {})).resolves.toMatchObject({ response: { networks: expect.any(Array) } })
    } finally {
      clients.routing.close()
      clients.data.close()
    }
  })

  it('uses the channel credentials it is given: TLS against a plaintext server reaches nothing', async () => {
    // A server of its own: the session a TLS hello leaves on a plaintext server only a forced shutdown ends.
    const definition = loadSync('switchyard/data/v1/data_service.proto', { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [PROTO_DIR] })
    const proto = grpc.loadPackageDefinition(definition) as unknown as DataProto
    const server = new grpc.Server()
    let served = 0
    server.addService(proto.switchyard.data.v1.DataService.service, { Networks: (_call: unknown, callback: grpc.sendUnaryData<object>) => callback(null, { networks: [], served: served++ }) })
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))))
    const app = await buildApp({ grpcAddress: `127.0.0.1:${port}`, deadlineMs: 2_000, credentials: grpc.credentials.createSsl() })
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/networks' })
      expect([res.statusCode, res.json().code, served]).toEqual([503, 'UNAVAILABLE', 0])
    } finally {
      await app.close()
      server.forceShutdown()
    }
  })
})
