import { createServer, type Server } from 'node:http'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createNodeFetch } from './createNodeFetch.js'

let server: Server
let url: string
beforeAll(async () => {
  server = createServer((req, res) => {
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
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const address = server.address()
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

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
})
