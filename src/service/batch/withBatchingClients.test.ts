import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChainRuntime } from '../../chain/connectChains.js'
import { createBatchingClients } from './withBatchingClients.js'
import { type LocalServer, listenLocally } from '../../chain/testing/listenLocally.js'

type Call = { id: number; method: string; params?: unknown[] }

/** A node that answers every call with its first parameter after 10 ms, counting the requests open at once. */
let server: LocalServer
let url: string
const seen = { open: 0, most: 0, sizes: [] as number[] }
beforeAll(async () => {
  server = await listenLocally((req, res) => {
    seen.most = Math.max(seen.most, ++seen.open)
    let text = ''
    req.on('data', (c) => (text += c))
    req.on('end', () => {
      const calls = [JSON.parse(text) as Call | Call[]].flat()
      seen.sizes.push(calls.length)
      setTimeout(() => {
        seen.open--
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.params?.[0] }))))
      }, 10)
    })
  })
  url = server.url
})
afterAll(() => server.close())

const chainOf = (source: ChainRuntime['source']) => ({ chainId: 1, rpcUrl: url, source, client: { chain: undefined } }) as unknown as ChainRuntime

/** Sends 25 calls in one turn through the chain's batching client: the batch sizes and the most requests open at once. */
async function shapeOf(source: ChainRuntime['source'], batching?: Parameters<typeof createBatchingClients>[1]) {
  Object.assign(seen, { open: 0, most: 0, sizes: [] })
  const client = createBatchingClients({ 1: chainOf(source) }, batching)[1]!
  const values = Array.from({ length: 25 }, (_, i) => `0x${i.toString(16)}`)
  expect(await Promise.all(values.map((v) => client.request({ method: 'eth_echo' as never, params: [v] as never })))).toEqual(values)
  return { sizes: seen.sizes, most: seen.most }
}

describe('createBatchingClients', () => {
  test('auto: the devnet (anvil, one call at a time) gets batches of 10, two in flight, in order; an external node one batch of all', async () => {
    expect(await shapeOf('devnet')).toEqual({ sizes: [10, 10, 5], most: 2 })
    expect(await shapeOf('external')).toEqual({ sizes: [25], most: 1 })
  })

  test('the configured size and bound win over auto; 0 in flight is unbounded', async () => {
    expect(await shapeOf('external', { batchSize: 5, inFlight: 1 })).toEqual({ sizes: [5, 5, 5, 5, 5], most: 1 })
    expect(await shapeOf('devnet', { batchSize: 5, inFlight: 0 })).toEqual({ sizes: [5, 5, 5, 5, 5], most: 5 })
  })
})
