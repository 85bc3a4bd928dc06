import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetClient } from '../../src/chain/devnet/createDevnetClient.js'
import { revertDevnet } from '../../src/chain/devnet/revertDevnet.js'
import { setNextBlockOneSecondLater } from '../../src/chain/devnet/setNextBlockOneSecondLater.js'
import { configSchema } from '../../src/config.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 26 on a running switchyard (devnet, both transports): a route stream re-quotes at each new
 * head and sends exactly the answers that changed (a swap moving the pool's price) and heartbeats
 * otherwise; a disconnect stops the per-block work; a batch answers each item on one block, as the
 * single route would, each delivering exactly its amountOut, and a bad item fails alone.
 */

const KEY = 'route-stream-batch-key-0123456789'
const trader: Address = '0x0000000000000000000000000000000000e2e026'

type StreamClient = grpc.Client & {
  WatchRoute: (request: unknown, metadata: grpc.Metadata) => grpc.ClientReadableStream<Record<string, unknown>>
  RouteBatch: (request: unknown, metadata: grpc.Metadata, options: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res: { items: Record<string, unknown>[] }) => void) => void
}

let sy: RunningSwitchyard
let client: DevnetClient
let stream: StreamClient
let tokens: Record<string, Address>

const metadata = () => {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return md
}
const stats = () => sy.grpc.routeStream!.watches.stats()

beforeAll(async () => {
  const config = configSchema.parse({
    chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000, relayer: 'off',
    watchPollMs: 20, watchMaxPerKey: 3,
  })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const chain = sy.connected.devnet!.chains[1]!
  client = chain.client
  tokens = Object.fromEntries(Object.values(chain.addressBook.tokens).map((t) => [t.symbol, t.address]))
  await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 22n })
  await client.impersonateAccount({ address: trader })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RouteStreamService: grpc.ServiceClientConstructor } } } }
  stream = new proto.switchyard.routing.v1.RouteStreamService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
}, 180_000)
afterAll(async () => {
  stream?.close()
  await sy?.stop()
})

const query = (amountIn: bigint, tokenIn = tokens.USDC!, tokenOut = tokens.WETH!) => ({ fromAddress: trader, chainId: 1, tokenIn: [tokenIn], tokenOut: [tokenOut], amountIn: [amountIn.toString()] })
const qs = (q: Record<string, unknown>) => {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) for (const x of [v].flat()) params.append(k, String(x))
  return params.toString()
}

async function until<T>(read: () => T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

type Event = { kind: string; blockNumber: number; amountOut?: string | undefined; changed?: string[] | undefined }

/** Opens the REST event stream and collects its events. */
async function openSse(q: Record<string, unknown>) {
  const controller = new AbortController()
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route/stream?${qs(q)}`, { headers: { authorization: `Bearer ${KEY}` }, signal: controller.signal })
  const events: Event[] = []
  if (res.status === 200) {
    void (async () => {
      const decoder = new TextDecoder()
      let text = ''
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          text += decoder.decode(chunk, { stream: true })
          let cut: number
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut)
            text = text.slice(cut + 2)
            const kind = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
            const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as { blockNumber: number; changed?: string[]; answer?: { amountOut: string } }
            events.push({ kind, blockNumber: data.blockNumber, amountOut: data.answer?.amountOut, changed: data.changed })
          }
        }
      } catch {
        // aborted
      }
    })()
  }
  return { res, events, close: () => controller.abort() }
}

/** Opens a WatchRoute call and collects its events. */
function openGrpc(q: Record<string, unknown>) {
  const call = stream.WatchRoute(toProtoRouteRequest(q as never), metadata())
  const events: Event[] = []
  const errors: grpc.ServiceError[] = []
  call.on('data', (m: { block_number: string; answer?: { amount_out: string }; heartbeat?: object; error?: object; changed: string[] }) => {
    const kind = m.answer ? 'answer' : m.heartbeat ? 'heartbeat' : 'error'
    events.push({ kind, blockNumber: Number(m.block_number), amountOut: m.answer?.amount_out, changed: m.changed })
  })
  call.on('error', (e: grpc.ServiceError) => errors.push(e))
  return { call, events, errors }
}

async function send(tx: { to: string; data: string; value?: string }, gas: string) {
  await setNextBlockOneSecondLater(client)
  const hash = await client.sendTransaction({ account: trader, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value ?? '0'), chain: client.chain, gas: BigInt(gas) })
  return client.waitForTransactionReceipt({ hash })
}

async function approve(token: Address) {
  const router = sy.connected.chains[1]!.addressBook.switchyard!.router as Address
  const hash = await client.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256], account: trader, chain: client.chain })
  await client.waitForTransactionReceipt({ hash })
}

const balanceOf = (token: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader] })

async function batch(body: unknown): Promise<{ status: number; json: { items: { ok: boolean; answer?: Record<string, unknown> & { amountOut: string; blockNumber: number; tx: { to: string; data: string; value: string }; gas: string }; error?: { statusCode: number; code: string; error: string; message: string } }[]; code?: string } }> {
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route/batch`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as never }
}

describe('route streams (GET /shortcuts/route/stream and WatchRoute)', () => {
  test('both transports: the first answer at once, a heartbeat per quiet block, an answer exactly when a swap moved the price; identical subscribers share one computation', async () => {
    // Funding and approvals mine blocks: all of it before the streams open.
    const whale = 200n * 10n ** 18n
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: tokens.WETH!, amount: whale })
    await approve(tokens.WETH!)
    const q = query(5_000n * 10n ** 6n)
    const rest = await openSse(q)
    expect(rest.res.status).toBe(200)
    expect(rest.res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    // A second identical SSE subscriber shares the first one's WatchRoute call (the gateway charges keys).
    const joiner = await openSse(q)
    expect(joiner.res.status).toBe(200)
    const rpc = openGrpc(q)
    await until(() => (rest.events.length > 0 && joiner.events.length > 0 && rpc.events.length > 0 ? true : undefined))
    expect(stats()).toMatchObject({ subscribers: 2, distinct: 1, chains: 1 })
    const first = rest.events[0]!
    expect(first).toMatchObject({ kind: 'answer', changed: [] })
    expect(joiner.events[0]).toEqual(first)
    expect(rpc.events[0]).toMatchObject({ kind: 'answer', blockNumber: first.blockNumber, amountOut: first.amountOut })
    const computations = stats().computations

    // A quiet block: a heartbeat each, one computation for both.
    await client.mine({ blocks: 1 })
    await until(() => (rest.events.length >= 2 && rpc.events.length >= 2 ? true : undefined))
    expect(stats().computations - computations).toBe(1)

    // A swap moving the USDC/WETH price (WETH sold for USDC through switchyard, so USDC → WETH gets more WETH).
    const swap = await (await fetch(`${sy.httpUrl}/api/v1/shortcuts/route?${qs(query(whale, tokens.WETH!, tokens.USDC!))}`, { headers: { authorization: `Bearer ${KEY}` } })).json() as { tx: { to: string; data: string }; gas: string }
    expect((await send(swap.tx, swap.gas)).status).toBe('success')
    await until(() => (rest.events.length >= 3 && rpc.events.length >= 3 ? true : undefined))
    await client.mine({ blocks: 1 })
    await until(() => (rest.events.length >= 4 && joiner.events.length >= 4 && rpc.events.length >= 4 ? true : undefined))

    for (const events of [rest.events, joiner.events, rpc.events]) {
      expect(events.map((e) => e.kind)).toEqual(['answer', 'heartbeat', 'answer', 'heartbeat'])
      expect(events.map((e) => e.blockNumber)).toEqual([first.blockNumber, first.blockNumber + 1, first.blockNumber + 2, first.blockNumber + 3])
      expect(events[2]!.changed).toEqual(expect.arrayContaining(['amountOut', 'minAmountOut']))
      expect(BigInt(events[2]!.amountOut!)).toBeGreaterThan(BigInt(first.amountOut!))
    }
    // One SSE subscriber leaving keeps the shared call; the last one cancels it.
    rest.close()
    await new Promise((r) => setTimeout(r, 200))
    expect(stats().subscribers).toBe(2)
    joiner.close()
    rpc.call.cancel()
    await until(() => (stats().subscribers === 0 ? true : undefined))
  }, 120_000)

  test('a disconnect stops the per-block work at once (REST and gRPC)', async () => {
    for (const open of [() => openSse(query(777n * 10n ** 6n)), async () => openGrpc(query(778n * 10n ** 6n))]) {
      const s = await open()
      await until(() => (s.events.length > 0 ? true : undefined))
      expect(stats()).toMatchObject({ subscribers: 1, distinct: 1, chains: 1 })
      if ('close' in s) s.close()
      else s.call.cancel()
      await until(() => (stats().subscribers === 0 ? true : undefined), 5_000)
      expect(stats()).toMatchObject({ distinct: 0, chains: 0 })
      const computations = stats().computations
      await client.mine({ blocks: 2 })
      await new Promise((r) => setTimeout(r, 300))
      expect(stats().computations).toBe(computations)
    }
  }, 60_000)

  test('refusals before the stream starts are normal errors: invalid query 400, no route 400, the key\'s subscription bound 429', async () => {
    const bad = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route/stream?${qs({ ...query(1n), tokenIn: 'nope' })}`, { headers: { authorization: `Bearer ${KEY}` } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'INVALID_ADDRESS' })
    const grpcBad = openGrpc({ ...query(1n), tokenIn: ['nope'] })
    await until(() => grpcBad.errors[0])
    expect(grpcBad.errors[0]!.code).toBe(grpc.status.INVALID_ARGUMENT)
    // The key may hold 3 subscriptions (watchMaxPerKey): the fourth is refused, on either transport.
    const held = await Promise.all([1n, 2n, 3n].map((i) => openSse(query(1_000n * 10n ** 6n + i))))
    await until(() => (held.every((h) => h.events.length > 0) ? true : undefined))
    const fourth = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route/stream?${qs(query(4_000n * 10n ** 6n))}`, { headers: { authorization: `Bearer ${KEY}` } })
    expect(fourth.status).toBe(429)
    expect(await fourth.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_SUBSCRIPTIONS' })
    // The gateway counts its SSE subscribers itself: a fourth identical to a held one (which would share
    // its call, so the service would not see it) is refused too.
    const identical = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route/stream?${qs(query(1_000n * 10n ** 6n + 1n))}`, { headers: { authorization: `Bearer ${KEY}` } })
    expect(identical.status).toBe(429)
    expect(await identical.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'TOO_MANY_SUBSCRIPTIONS', message: 'This API key already holds 3 route subscriptions; close one first.' })
    const grpcFourth = openGrpc(query(4_000n * 10n ** 6n))
    await until(() => grpcFourth.errors[0])
    expect(grpcFourth.errors[0]!.code).toBe(grpc.status.RESOURCE_EXHAUSTED)
    for (const h of held) h.close()
    await until(() => (stats().subscribers === 0 ? true : undefined))
    expect(stats().distinct).toBe(0)
  }, 60_000)
})

describe('route batches (POST /shortcuts/route/batch and RouteBatch)', () => {
  test('items answered in order on one block, equal to the single answers there; a bad item fails alone; sent on the devnet each delivers exactly its amountOut', async () => {
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: tokens.USDC!, amount: 100_000n * 10n ** 6n })
    await sy.connected.devnet!.fund({ chainId: 1, address: trader, token: tokens.LINK!, amount: 10_000n * 10n ** 18n })
    await approve(tokens.USDC!)
    await approve(tokens.LINK!)
    const items = [query(3_000n * 10n ** 6n), { ...query(1n), tokenIn: ['0x1234'] }, query(2_000n * 10n ** 18n, tokens.LINK!, tokens.WETH!), query(10_000n * 10n ** 6n, tokens.USDC!, tokens.WBTC!)]
    const { status, json } = await batch({ requests: items })
    expect(status).toBe(200)
    expect(json.items.map((i) => i.ok)).toEqual([true, false, true, true])
    expect(json.items[1]!.error).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'INVALID_ADDRESS' })
    const answers = [0, 2, 3].map((i) => json.items[i]!.answer!)
    expect(new Set(answers.map((a) => a.blockNumber)).size).toBe(1)
    // The single route on the same block (nothing mined since) answers the same amounts and route.
    for (const [k, i] of [0, 2, 3].entries()) {
      const single = await (await fetch(`${sy.httpUrl}/api/v1/shortcuts/route?${qs(items[i]!)}`, { headers: { authorization: `Bearer ${KEY}` } })).json() as Record<string, unknown>
      expect(single.blockNumber).toBe(answers[k]!.blockNumber)
      expect([single.amountOut, single.minAmountOut, single.route]).toEqual([answers[k]!.amountOut, answers[k]!.minAmountOut, answers[k]!.route])
    }
    // gRPC: the same batch, the same answers on the same block.
    const viaGrpc = await new Promise<{ items: Record<string, unknown>[] }>((resolve, reject) => {
      stream.RouteBatch({ requests: items.map((q) => toProtoRouteRequest(q as never)) }, metadata(), { deadline: Date.now() + 60_000 }, (err, res) => (err ? reject(err) : resolve(res)))
    })
    expect(viaGrpc.items.map((i) => (i.answer ? (i.answer as { amount_out: string }).amount_out : (i.error as { code: string }).code))).toEqual([answers[0]!.amountOut, 'INVALID_ADDRESS', answers[1]!.amountOut, answers[2]!.amountOut])
    // Each answer of a batch, sent alone in the block after the one it was quoted at, delivers exactly its
    // amountOut. The state is reset between the sends, which mines a block (revertDevnet): the batch is
    // asked again there, so every answer is sent in the block its simulation assumed (timestamp included).
    const outs = [tokens.WETH!, tokens.WETH!, tokens.WBTC!]
    for (const [k, i] of [0, 2, 3].entries()) {
      const id = await client.snapshot()
      const answer = k === 0 ? answers[0]! : (await batch({ requests: items })).json.items[i]!.answer!
      const before = await balanceOf(outs[k]!)
      expect((await send(answer.tx, answer.gas)).status).toBe('success')
      expect((await balanceOf(outs[k]!)) - before).toBe(BigInt(answer.amountOut))
      await revertDevnet(client, id)
    }
  }, 120_000)

  test('limits: 51 requests or none is the request\'s 400; the envelope is checked', async () => {
    const many = await batch({ requests: Array.from({ length: 51 }, () => query(1n)) })
    expect(many.status).toBe(400)
    expect(many.json.code).toBe('TOO_MANY_ITEMS')
    expect((await batch({ requests: [] })).status).toBe(400)
    expect((await batch([query(1n)])).status).toBe(400)
    expect((await batch({ requests: [query(1n)], extra: 1 })).json.code).toBe('UNKNOWN_FIELD')
  })

  test('a full batch of 50 on one engine thread, whose queue sheds past 32 waiting searches: every item is answered', async () => {
    const items = Array.from({ length: 50 }, (_, i) => query(BigInt(1_000 + i) * 10n ** 6n))
    const { status, json } = await batch({ requests: items })
    expect(status).toBe(200)
    expect(json.items.filter((i) => !i.ok).map((i) => i.error)).toEqual([])
    expect(new Set(json.items.map((i) => i.answer!.blockNumber)).size).toBe(1)
  }, 60_000)
})

describe('the gateway charges each batch item to the key (a switchyard with 5 requests a minute)', () => {
  let small: RunningSwitchyard
  const SMALL_KEY = 'route-batch-small-budget-key-0123'
  beforeAll(async () => {
    const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [SMALL_KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 5, relayer: 'off' })
    small = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  }, 180_000)
  afterAll(async () => {
    await small?.stop()
  })

  test('4 items take 4 of the 5 tokens; the next batch of 3 pays its first with the last token, and its other two are 429 RATE_LIMITED', async () => {
    const post = async (n: number) => {
      // Invalid items: charged like any item, answered without any route work.
      const body = { requests: Array.from({ length: n }, () => ({ ...query(1n), tokenIn: ['0x1234'] })) }
      const res = await fetch(`${small.httpUrl}/api/v1/shortcuts/route/batch`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SMALL_KEY}` }, body: JSON.stringify(body) })
      const json = (await res.json()) as { items?: { error: { statusCode: number; code: string } }[] }
      return { status: res.status, items: json.items?.map((i) => `${i.error.statusCode} ${i.error.code}`) ?? json }
    }
    expect(await post(4)).toEqual({ status: 200, items: Array(4).fill('400 INVALID_ADDRESS') })
    expect(await post(3)).toEqual({ status: 200, items: ['400 INVALID_ADDRESS', '429 RATE_LIMITED', '429 RATE_LIMITED'] })
    expect((await post(1)).status).toBe(429)
  }, 60_000)
})

describe('stopping switchyard ends its open streams', () => {
  test('an SSE client gets an `end` event (503 UNAVAILABLE), a WatchRoute call UNAVAILABLE, and the stop does not wait for them', async () => {
    const KEY2 = 'route-stream-stop-key-0123456789ab'
    const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY2], logLevel: 'silent', engineThreads: 1, relayer: 'off' })
    const other = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
    const q = qs(query(1_234n * 10n ** 6n))
    const res = await fetch(`${other.httpUrl}/api/v1/shortcuts/route/stream?${q}`, { headers: { authorization: `Bearer ${KEY2}` } })
    expect(res.status).toBe(200)
    const text = (async () => {
      let all = ''
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) all += new TextDecoder().decode(chunk)
      return all
    })()
    const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RouteStreamService: grpc.ServiceClientConstructor } } } }
    const client = new proto.switchyard.routing.v1.RouteStreamService(other.grpcAddress, grpc.credentials.createInsecure()) as unknown as StreamClient
    const md = new grpc.Metadata()
    md.set('authorization', `Bearer ${KEY2}`)
    const call = client.WatchRoute(toProtoRouteRequest(query(1_235n * 10n ** 6n) as never), md)
    const ended = new Promise<grpc.ServiceError>((resolve) => call.on('error', resolve))
    await new Promise((resolve) => call.once('data', resolve))
    const started = Date.now()
    await other.stop()
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(await text).toMatch(/event: end\ndata: \{"statusCode":503,"error":"Service Unavailable","message":"The server is shutting down; subscribe again\.","code":"UNAVAILABLE"/)
    expect((await ended).code).toBe(grpc.status.UNAVAILABLE)
    client.close()
  }, 120_000)
})

describe('cross-chain (chains 1 and 8453)', () => {
  let two: RunningSwitchyard
  const KEY3 = 'route-stream-cross-chain-key-012345'
  const headers = { authorization: `Bearer ${KEY3}` }
  beforeAll(async () => {
    const config = configSchema.parse({ chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY3], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000, relayer: 'off', watchPollMs: 20 })
    two = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  }, 180_000)
  afterAll(async () => {
    await two?.stop()
  })
  const tokenOf = (chainId: number, symbol: string) => Object.values(two.connected.chains[chainId]!.addressBook.tokens).find((t) => t.symbol === symbol)!.address

  test('a batch mixes cross-chain and same-chain items on both chains, each equal to its single answer; a cross-chain stream re-quotes at either chain\'s heads', async () => {
    const cross = { chainId: 1, destinationChainId: 8453, fromAddress: trader, receiver: trader, tokenIn: [tokenOf(1, 'USDC')], tokenOut: [tokenOf(8453, 'USDC')], amountIn: ['3000000000'] }
    const items = [cross, { ...query(2_000n * 10n ** 6n), tokenIn: [tokenOf(1, 'USDC')], tokenOut: [tokenOf(1, 'WETH')] }, { chainId: 8453, fromAddress: trader, tokenIn: [tokenOf(8453, 'USDC')], tokenOut: [tokenOf(8453, 'WETH')], amountIn: ['2000000000'] }]
    const res = await fetch(`${two.httpUrl}/api/v1/shortcuts/route/batch`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ requests: items }) })
    const { items: answers } = (await res.json()) as { items: { ok: boolean; answer: Record<string, unknown> }[] }
    expect(answers.map((a) => (a.ok ? true : a))).toEqual([true, true, true])
    for (const [i, item] of items.entries()) {
      const single = (await (await fetch(`${two.httpUrl}/api/v1/shortcuts/route?${qs(item)}`, { headers })).json()) as Record<string, unknown>
      expect([single.blockNumber, single.amountOut, single.route]).toEqual([answers[i]!.answer.blockNumber, answers[i]!.answer.amountOut, answers[i]!.answer.route])
    }
    expect((answers[0]!.answer.route as { destinationChainId?: number }[]).some((s) => s.destinationChainId === 8453)).toBe(true)

    const controller = new AbortController()
    const stream = await fetch(`${two.httpUrl}/api/v1/shortcuts/route/stream?${qs(cross)}`, { headers, signal: controller.signal })
    expect(stream.status).toBe(200)
    const events: { kind: string; blockNumber: number }[] = []
    void (async () => {
      let text = ''
      try {
        for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
          text += new TextDecoder().decode(chunk)
          for (let cut = text.indexOf('\n\n'); cut >= 0; text = text.slice(cut + 2), cut = text.indexOf('\n\n')) {
            events.push({ kind: /^event: (.*)$/m.exec(text.slice(0, cut))![1]!, blockNumber: (JSON.parse(/^data: (.*)$/m.exec(text.slice(0, cut))![1]!) as { blockNumber: number }).blockNumber })
          }
        }
      } catch {
        // aborted
      }
    })()
    await until(() => (events.length === 1 ? true : undefined))
    const first = events[0]!
    await new Promise((r) => setTimeout(r, 300))
    expect(events).toHaveLength(1)
    // A head of the destination chain re-quotes it, then one of the source chain.
    await two.connected.devnet!.chains[8453]!.client.mine({ blocks: 1 })
    await until(() => (events.length === 2 ? true : undefined))
    await two.connected.devnet!.chains[1]!.client.mine({ blocks: 1 })
    await until(() => (events.length === 3 ? true : undefined))
    expect(events).toEqual([first, { kind: 'heartbeat', blockNumber: first.blockNumber }, { kind: 'heartbeat', blockNumber: first.blockNumber + 1 }])
    controller.abort()
    await until(() => (two.grpc.routeStream!.watches.stats().chains === 0 ? true : undefined))
  }, 120_000)
})
