import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY, startTestGateway } from '../testing/startTestGateway.js'

let gw: Awaited<ReturnType<typeof startTestGateway>>
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.close()
})
const headers = { authorization: `Bearer ${API_KEY}` }

describe('GET /volume/:chainId', () => {
  it('maps the gRPC answer and forwards blocks', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/volume/1?blocks=500', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ chainId: 1, fromBlock: 1, toBlock: 100, volumeUsd: 1234.5, swaps: 3, routes: 1, byProtocol: [{ protocol: 'uniswap-v2', volumeUsd: 1234.5, swaps: 3 }] })
    expect(gw.fake.calls.at(-1)).toMatchObject({ method: 'Volume', request: { chain_id: '1', blocks: 500 } })
  })

  it('bad chain id or blocks → 400 before any gRPC call', async () => {
    const before = gw.fake.calls.length
    expect((await gw.app.inject({ method: 'GET', url: '/api/v1/volume/abc', headers })).statusCode).toBe(400)
    expect((await gw.app.inject({ method: 'GET', url: '/api/v1/volume/1?blocks=-3', headers })).statusCode).toBe(400)
    expect((await gw.app.inject({ method: 'GET', url: '/api/v1/volume/1?foo=1', headers })).statusCode).toBe(400)
    expect(gw.fake.calls.length).toBe(before)
  })
})
