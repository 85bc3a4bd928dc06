import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import { grpcError } from '../testing/grpcError.js'
import { API_KEY, DAI, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'

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
const get = (url: string) => gw.app.inject({ method: 'GET', url: `/api/v1${url}`, headers })
const wethPrice = {
  chainId: 1, address: WETH, decimals: 18, symbol: 'WETH', name: 'Wrapped Ether', price: 3012.25, timestamp: 1700000000, confidence: 0.93, blockNumber: 19000000,
}
const addresses = (n: number) => Array.from({ length: n }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)

describe('GET /prices/:chainId', () => {
  it.each([
    ['brackets', `addresses[]=${WETH}&addresses[]=${DAI}&addresses[]=${USDC}`],
    ['repeated', `addresses=${WETH}&addresses=${DAI}&addresses=${USDC}`],
    ['commas', `addresses=${WETH},${DAI},${USDC}`],
  ])('answers one entry per address (%s), null for a token without a price', async (_name, query) => {
    const res = await get(`/prices/1?${query}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([wethPrice, null, { ...wethPrice, address: USDC, decimals: 6, symbol: 'USDC', name: 'USD Coin', price: 1, confidence: 1 }])
    expect(res.body).toMatch(/^\[\{.*\},null,\{.*\}\]$/)
    expect(res.headers['x-ratelimit-limit']).toBe('100')
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Prices', request: { chain_id: '1', addresses: [WETH, DAI, USDC] }, metadata: { authorization: `Bearer ${API_KEY}` } })
  })

  it('accepts exactly 100 addresses', async () => {
    const res = await get(`/prices/1?addresses=${addresses(100).join(',')}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toHaveLength(100)
  })

  it.each([101, 1000])('F8 %i addresses → 400 TOO_MANY_ITEMS before any gRPC call', async (n) => {
    for (const query of [`addresses=${addresses(n).join(',')}`, addresses(n).map((a) => `addresses[]=${a}`).join('&')]) {
      const res = await get(`/prices/1?${query}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_ITEMS', message: 'addresses: at most 100 addresses per request' })
    }
    expect(gw.fake.calls).toHaveLength(0)
  })

  it.each([
    ['/prices/1', 'MISSING_FIELD'],
    ['/prices/abc?addresses=0x1', 'INVALID_TYPE'],
    ['/prices/1?addresses=0x1&foo=1', 'UNKNOWN_FIELD'],
  ])('%s → 400 %s without a gRPC call', async (url, code) => {
    const res = await get(url)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(code)
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('relays the service’s address validation', async () => {
    gw.fake.handlers.Prices = (_c, cb) => cb(grpcError({ status: status.INVALID_ARGUMENT, envelope: { code: 'INVALID_ADDRESS', message: 'addresses[0]: must be 0x followed by 40 hex digits' } }))
    const res = await get('/prices/1?addresses=0x1')
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'INVALID_ADDRESS' })
  })

  it('an answer with the wrong number of entries → 500 INTERNAL', async () => {
    gw.fake.handlers.Prices = (_c, cb) => cb(null, { prices: [] })
    expect((await get(`/prices/1?addresses=${WETH}`)).json()).toMatchObject({ statusCode: 500, code: 'INTERNAL' })
  })
})

describe('GET /prices/:chainId/:address', () => {
  it('answers one price object', async () => {
    const res = await get(`/prices/1/${WETH}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(wethPrice)
    expect(gw.fake.calls[0]?.request).toMatchObject({ chain_id: '1', addresses: [WETH] })
  })

  it('a token without a price → 404 NOT_FOUND', async () => {
    const res = await get(`/prices/8453/${DAI}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: `No price for token ${DAI} on chain 8453.` })
  })
})

describe('GET /prices/token-price', () => {
  it('answers one price object with its confidence', async () => {
    const res = await get(`/prices/token-price?chainId=1&address=${WETH}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(wethPrice)
    expect(res.json().confidence).toBe(0.93)
  })

  it('a token without a price → 404 NOT_FOUND', async () => {
    const res = await get(`/prices/token-price?chainId=1&address=${DAI}`)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('NOT_FOUND')
  })

  it.each([['address=0x1', 'MISSING_FIELD'], [`chainId=1&address=${WETH}&address=${DAI}`, 'INVALID_TYPE']])('%s → 400 %s', async (query, code) => {
    const res = await get(`/prices/token-price?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(code)
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('forwards authorization; a missing key is the gRPC side’s 401', async () => {
    gw.fake.handlers.Prices = (_c, cb) => cb(grpcError({ status: status.UNAUTHENTICATED, envelope: { code: 'UNAUTHENTICATED', message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".' } }))
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/prices/token-price?chainId=1&address=${WETH}` })
    expect(res.statusCode).toBe(401)
    expect(gw.fake.calls[0]?.metadata).not.toHaveProperty('authorization')
  })
})
