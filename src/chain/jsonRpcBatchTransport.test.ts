import { createPublicClient, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createNodeRequester } from './createNodeRequester.js'
import { jsonRpcBatchTransport } from './jsonRpcBatchTransport.js'
import { type LocalServer, listenLocally } from './testing/listenLocally.js'

type Call = { jsonrpc: string; id: number; method: string; params?: unknown[] }

/** A node that answers each HTTP request by its path; every request body it received is kept. */
let server: LocalServer
let base: string
const received: { path: string; body: unknown }[] = []
/** Requests to `/serial` open at once: now, and the most seen. */
const serial = { open: 0, most: 0 }
beforeAll(async () => {
  server = await listenLocally((req, res) => {
    if (req.url === '/serial') serial.most = Math.max(serial.most, ++serial.open)
    let text = ''
    req.on('data', (c) => (text += c))
    req.on('end', () => {
      const path = req.url ?? '/'
      const body = JSON.parse(text) as Call | Call[]
      received.push({ path, body })
      const calls = [body].flat()
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(answer))
      }
      const answerOf = (c: Call) =>
        c.method === 'eth_fail'
          ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: `refused ${String(c.params?.[0])}` } }
          : c.method === 'eth_big'
            ? { jsonrpc: '2.0', id: c.id, result: { echo: c.params?.[0], pad: 'f'.repeat(20_000) } }
            : { jsonrpc: '2.0', id: c.id, result: c.method === 'eth_chainId' ? '0x2105' : c.method === 'eth_gasPrice' ? '0x3b9aca00' : c.params?.[0] }
      if (path === '/reversed') return send(200, calls.map(answerOf).reverse())
      if (path === '/forgetful') return send(200, calls.slice(1).map(answerOf))
      if (path === '/whole') return send(200, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } })
      if (path === '/down') {
        res.writeHead(503, { 'content-type': 'text/plain' })
        return res.end('unavailable')
      }
      if (path === '/slow') return setTimeout(() => send(200, calls.map(answerOf)), 2_000)
      if (path === '/serial') {
        return setTimeout(() => {
          serial.open--
          send(200, calls.map(answerOf))
        }, 20)
      }
      send(200, calls.map(answerOf))
    })
  })
  base = server.url
})
afterAll(() => server.close())

const request = createNodeRequester()
const clientAt = (path: string, options: { batchSize?: number; timeout?: number; maxInFlight?: number; immediate?: ReadonlySet<string> } = {}): PublicClient =>
  createPublicClient({ transport: jsonRpcBatchTransport(`${base}${path}`, { request, retryCount: 0, ...options }) }) as PublicClient
const echo = (client: PublicClient, method: string, value: unknown) => client.request({ method: method as never, params: [value] as never })
const batchesTo = (path: string) => received.filter((r) => r.path === path).map((r) => r.body)

describe('jsonRpcBatchTransport', () => {
  test('the calls of one turn leave as one batch, at most batchSize a request, each answered by its own id', async () => {
    const client = clientAt('/reversed', { batchSize: 4 })
    const values = Array.from({ length: 10 }, (_, i) => `0x${i.toString(16)}`)
    expect(await Promise.all(values.map((v) => echo(client, 'eth_echo', v)))).toEqual(values)
    const batches = batchesTo('/reversed') as Call[][]
    expect(batches.map((b) => b.length)).toEqual([4, 4, 2])
    expect(batches.flat().map((c) => c.params?.[0])).toEqual(values)
    expect(await client.getChainId()).toBe(8453)
  })

  test('maxInFlight: the calls wait in order behind the requests in flight, never more of them open at once', async () => {
    const client = clientAt('/serial', { batchSize: 2, maxInFlight: 1 })
    const values = Array.from({ length: 5 }, (_, i) => `0x${i.toString(16)}`)
    const first = Promise.all(values.map((v) => echo(client, 'eth_echo', v)))
    // Made while the first request is in flight: it leaves after the calls made before it.
    await new Promise((r) => setTimeout(r, 5))
    const later = echo(client, 'eth_echo', '0xff')
    expect(await first).toEqual(values)
    expect(await later).toBe('0xff')
    const batches = batchesTo('/serial') as Call[][]
    expect(batches.flat().map((c) => c.params?.[0])).toEqual([...values, '0xff'])
    expect(batches.map((b) => b.length)).toEqual([2, 2, 2])
    expect(serial.most).toBe(1)
    // Two in flight: two requests open at once, still at most batchSize calls each.
    serial.most = 0
    received.length = 0
    const two = clientAt('/serial', { batchSize: 2, maxInFlight: 2 })
    expect(await Promise.all(values.map((v) => echo(two, 'eth_echo', v)))).toEqual(values)
    expect(serial.most).toBe(2)
    expect((batchesTo('/serial') as Call[][]).map((b) => b.length)).toEqual([2, 2, 1])
  })

  test('immediate methods (the gas price) leave at once, alone, past the batches waiting for their turn', async () => {
    serial.most = 0
    received.length = 0
    const client = clientAt('/serial', { batchSize: 2, maxInFlight: 1 })
    const order: string[] = []
    const echoes = Promise.all(['0x1', '0x2', '0x3', '0x4', '0x5', '0x6'].map((v) => echo(client, 'eth_echo', v).then(() => order.push(v))))
    const price = client.getGasPrice().then((p) => {
      order.push('gas')
      return p
    })
    expect(await price).toBe(1_000_000_000n)
    await echoes
    // Three batches of two run one after another (20 ms each); the gas price is answered before the last of them.
    expect(order.indexOf('gas')).toBeLessThan(4)
    const bodies = batchesTo('/serial') as Call[][]
    expect(bodies.filter((b) => b.some((c) => c.method === 'eth_gasPrice'))).toEqual([[expect.objectContaining({ method: 'eth_gasPrice' })]])
    expect(bodies.filter((b) => b.every((c) => c.method === 'eth_echo')).map((b) => b.length)).toEqual([2, 2, 2])
    // Without the lane (no immediate methods) it waits its turn in the queue.
    order.length = 0
    const queued = clientAt('/serial', { batchSize: 2, maxInFlight: 1, immediate: new Set() })
    const all = Promise.all(['0x1', '0x2', '0x3', '0x4'].map((v) => echo(queued, 'eth_echo', v).then(() => order.push(v))))
    await queued.getGasPrice().then(() => order.push('gas'))
    await all
    expect(order.at(-1)).toBe('gas')
  })

  test('a refused request frees its place: the calls behind it still leave', async () => {
    const client = clientAt('/down', { batchSize: 1, maxInFlight: 1 })
    const settled = await Promise.allSettled(['0x1', '0x2', '0x3'].map((v) => echo(client, 'eth_echo', v)))
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(batchesTo('/down')).toHaveLength(3)
  })

  test('large answers (a batch of simulations) come back whole and in order', async () => {
    const client = clientAt('/big')
    const got = (await Promise.all(Array.from({ length: 30 }, (_, i) => echo(client, 'eth_big', i)))) as unknown as { echo: number; pad: string }[]
    expect(got.map((g) => g.echo)).toEqual(Array.from({ length: 30 }, (_, i) => i))
    expect(got[29]!.pad).toHaveLength(20_000)
  })

  test('a call the node refuses fails alone, as viem http fails it; one it leaves unanswered fails alone', async () => {
    const client = clientAt('/')
    const [ok, refused] = await Promise.allSettled([echo(client, 'eth_echo', '0x1'), echo(client, 'eth_fail', 'this one')])
    expect(ok).toEqual({ status: 'fulfilled', value: '0x1' })
    expect(refused.status === 'rejected' && refused.reason).toMatchObject({ code: -32000, details: 'refused this one' })
    const forgetful = clientAt('/forgetful')
    const settled = await Promise.allSettled([echo(forgetful, 'eth_echo', '0xa'), echo(forgetful, 'eth_echo', '0xb')])
    expect(settled[0]!.status === 'rejected' && settled[0].reason).toMatchObject({ name: 'HttpRequestError', details: 'the node left this call of the batch unanswered' })
    expect(settled[1]).toEqual({ status: 'fulfilled', value: '0xb' })
  })

  test('a batch the node refuses whole, an HTTP error and a timeout fail every call of the batch with viem errors', async () => {
    const whole = clientAt('/whole')
    for (const r of await Promise.allSettled([echo(whole, 'eth_echo', 1), echo(whole, 'eth_echo', 2)])) {
      expect(r.status === 'rejected' && r.reason).toMatchObject({ details: 'batch too large' })
    }
    await expect(echo(clientAt('/down'), 'eth_echo', 1)).rejects.toMatchObject({ name: 'HttpRequestError', status: 503 })
    await expect(echo(clientAt('/slow', { timeout: 100 }), 'eth_echo', 1)).rejects.toMatchObject({ name: 'TimeoutError' })
    const refused = createPublicClient({ transport: jsonRpcBatchTransport('http://127.0.0.1:1', { request, retryCount: 0 }) })
    await expect(refused.getChainId()).rejects.toMatchObject({ name: 'HttpRequestError' })
  })

  test('an answer over the size limit fails with viem ResponseBodyTooLargeError', async () => {
    const small = createPublicClient({ transport: jsonRpcBatchTransport(`${base}/big`, { request: createNodeRequester({ maxResponseBytes: 10_000 }), retryCount: 0 }) })
    await expect(echo(small as PublicClient, 'eth_big', 1)).rejects.toMatchObject({ name: 'ResponseBodyTooLargeError' })
  })
})
