import { createServer as createNetServer } from 'node:net'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createNodeFetch } from './createNodeFetch.js'
import { type LocalServer, listenLocally } from './testing/listenLocally.js'

let server: LocalServer
let url: string
beforeAll(async () => {
  server = await listenLocally((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 5_000)
      if (req.url === '/down') {
        res.writeHead(503, { 'content-type': 'text/plain' })
        return res.end('unavailable')
      }
      const { id } = JSON.parse(body) as { id: number }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x2105' }))
    })
  })
  url = server.url
})
afterAll(() => server.close())

test('viem works over it: JSON-RPC answers, HTTP errors and timeouts surface as viem errors', async () => {
  const fetchFn = createNodeFetch()
  const client = createPublicClient({ transport: http(url, { fetchFn, retryCount: 0 }) })
  expect(await client.getChainId()).toBe(8453)
  const down = createPublicClient({ transport: http(`${url}/down`, { fetchFn, retryCount: 0 }) })
  await expect(down.getChainId()).rejects.toMatchObject({ name: 'HttpRequestError', status: 503 })
  const slow = createPublicClient({ transport: http(`${url}/slow`, { fetchFn, retryCount: 0, timeout: 100 }) })
  await expect(slow.getChainId()).rejects.toMatchObject({ name: 'TimeoutError' })
  const refused = createPublicClient({ transport: http('http://127.0.0.1:1', { fetchFn, retryCount: 0 }) })
  await expect(refused.getChainId()).rejects.toMatchObject({ name: 'HttpRequestError' })
  // The size limit is the fetch's, checked while reading (viem's own is turned off: it re-encodes every answer).
  const tiny = createPublicClient({ transport: http(url, { fetchFn: createNodeFetch({ maxResponseBytes: 10 }), maxResponseBodySize: false, retryCount: 0 }) })
  await expect(tiny.getChainId()).rejects.toMatchObject({ name: 'ResponseBodyTooLargeError', maxSize: 10 })
})

test('a node that answers early and hangs up while a large body is still being sent: the call settles, the process does not crash', async () => {
  // anvil answers a body it refuses (a JSON-RPC batch of megabytes) before reading it all, then closes
  // the connection; the rest of the write fails with EPIPE or ECONNRESET (a reset here) on a socket whose request has
  // already ended. Unhandled, that error reaches the process as an uncaught exception.
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)
  process.on('uncaughtException', onUncaught)
  const rude = createNetServer((socket) => {
    socket.once('data', () => {
      socket.on('error', () => {})
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 66\r\n\r\n{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"no"}}')
      socket.resetAndDestroy()
    })
  })
  await new Promise<void>((r) => rude.listen(0, '127.0.0.1', () => r()))
  const address = rude.address()
  const rudeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  try {
    const nodeFetch = createNodeFetch()
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: ['0x' + 'ab'.repeat(8_000_000)] })
    for (let i = 0; i < 3; i++) {
      const settled = await nodeFetch(rudeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.status, (e: Error) => e.message)
      expect(settled === 200 || typeof settled === 'string').toBe(true)
    }
    await new Promise((r) => setTimeout(r, 200))
    expect(uncaught).toEqual([])
  } finally {
    process.off('uncaughtException', onUncaught)
    rude.close()
  }
})
