import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import { grpcError } from '../testing/grpcError.js'
import { API_KEY, startTestGateway } from '../testing/startTestGateway.js'

let gw: Awaited<ReturnType<typeof startTestGateway>>
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw.close()
})
beforeEach(() => {
  gw.fake.calls.length = 0
  gw.fake.handlers = {}
})

const headers = { authorization: `Bearer ${API_KEY}` }

describe('GET /protocols', () => {
  it('lists protocols in the ProtocolModel shape, forwards the key and the rate-limit headers', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/protocols', headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([{
      project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org',
      logosUri: ['https://icons.example/uniswap-v2.png'], chains: [{ id: 1, name: 'mainnet' }, { id: 8453, name: 'base' }],
    }])
    expect(res.headers['x-ratelimit-remaining']).toBe('99')
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Protocols', request: {}, metadata: { authorization: `Bearer ${API_KEY}` } })
    expect(gw.fake.calls[0]?.request).not.toHaveProperty('chain_id')
    expect(gw.fake.calls[0]?.request).not.toHaveProperty('slug')
  })

  it('passes the chainId and slug filters', async () => {
    await gw.app.inject({ method: 'GET', url: '/api/v1/protocols?chainId=8453&slug=uniswap-v2', headers })
    expect(gw.fake.calls[0]?.request).toMatchObject({ chain_id: '8453', slug: 'uniswap-v2' })
  })

  it.each([['chainId=abc', 'INVALID_ARGUMENT'], ['foo=1', 'UNKNOWN_FIELD'], ['slug=a&slug=b', 'INVALID_TYPE']])('%s → 400 %s without a gRPC call', async (q, code) => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/protocols?${q}`, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(code)
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('UNAUTHENTICATED from gRPC → 401', async () => {
    gw.fake.handlers.Protocols = (_c, cb) => cb(grpcError({ status: status.UNAUTHENTICATED, envelope: { code: 'UNAUTHENTICATED', message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".' } }))
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/protocols' })
    expect(res.statusCode).toBe(401)
    expect(gw.fake.calls[0]?.metadata).not.toHaveProperty('authorization')
  })
})
