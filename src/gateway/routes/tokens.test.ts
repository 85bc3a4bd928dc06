import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import { grpcError } from '../testing/startFakeGrpcServer.js'
import { API_KEY, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'

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
const get = (query = '') => gw.app.inject({ method: 'GET', url: `/api/v1/tokens${query ? `?${query}` : ''}`, headers })
const sent = () => gw.fake.calls[0]?.request as Record<string, unknown>

describe('GET /tokens: response', () => {
  it('maps tokens to the PositionModel shape: unknown optionals null, a set 0 kept; meta with nextCursor', async () => {
    const res = await get()
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-ratelimit-remaining']).toBe('99')
    expect(res.json()).toEqual({
      data: [
        {
          address: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', chainId: 1, type: 'defi', decimals: 18, symbol: 'UNI-V2', name: 'Uniswap V2',
          logosUri: [],
          underlyingTokens: [
            { address: USDC, chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' },
            { address: WETH, chainId: 1, type: 'base', decimals: 18, symbol: 'WETH', name: 'Wrapped Ether' },
          ],
          project: 'uniswap', protocol: 'uniswap-v2', protocolSlug: 'uniswap-v2', apy: 0, tvl: 1234567.5, primaryAddress: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
        },
        {
          address: USDC, chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin', logosUri: ['https://icons.example/usdc.png'],
          underlyingTokens: [], project: null, protocol: null, protocolSlug: null, apy: null, tvl: null, primaryAddress: null,
        },
      ],
      meta: { total: 3, nextCursor: 'c2', pageSize: 2 },
    })
    expect(res.body).toContain('"apy":null,"tvl":null')
  })

  it('leaves nextCursor out on the last page', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(null, { data: [], meta: { total: '0', page_size: 1000 } })
    expect((await get()).json()).toEqual({ data: [], meta: { total: 0, pageSize: 1000 } })
  })

  it('a response without meta → 500 INTERNAL', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(null, { data: [] })
    expect((await get()).json()).toMatchObject({ statusCode: 500, code: 'INTERNAL' })
  })
})

describe('GET /tokens: query', () => {
  it('sends no filter when none is given', async () => {
    await get()
    expect(sent()).toMatchObject({ address: [], underlying_tokens: [] })
    for (const field of ['chain_id', 'type', 'symbol', 'page_size', 'include_metadata', 'cursor', 'apy_from']) expect(sent()).not.toHaveProperty(field)
  })

  it('coerces numbers and booleans and passes strings through', async () => {
    await get('chainId=8453&protocolSlug=aave-v3&project=aave&type=defi&symbol=aUSDC&name=Aave%20USDC&apyFrom=1.5&tvlFrom=0&includeMetadata=false&cursor=123&pageSize=50')
    expect(sent()).toMatchObject({
      chain_id: '8453', protocol_slug: 'aave-v3', project: 'aave', type: 'defi', symbol: 'aUSDC', name: 'Aave USDC',
      apy_from: 1.5, tvl_from: 0, include_metadata: false, cursor: '123', page_size: 50,
    })
  })

  it.each([
    ['brackets', `address[]=${USDC}&address[]=${WETH}&underlyingTokens[]=${WETH}`],
    ['repeated', `address=${USDC}&address=${WETH}&underlyingTokens=${WETH}`],
    ['commas', `address=${USDC},${WETH}&underlyingTokens=${WETH}`],
  ])('reads address and underlyingTokens given as %s', async (_name, query) => {
    expect((await get(query)).statusCode).toBe(200)
    expect(sent()).toMatchObject({ address: [USDC, WETH], underlying_tokens: [WETH] })
  })

  it('accepts page=1 (what @ensofinance/sdk always sends) and a single symbol[] / name[]', async () => {
    expect((await get('page=1&symbol[]=USDC&name[]=USD%20Coin')).statusCode).toBe(200)
    expect(sent()).toMatchObject({ symbol: 'USDC', name: 'USD Coin' })
    expect(sent()).not.toHaveProperty('page')
  })

  it('passes values the service must judge (type=nft, pageSize=0) and relays its 400', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(grpcError({
      status: status.INVALID_ARGUMENT,
      envelope: { code: 'INVALID_ARGUMENT', message: 'type: must be base or defi', details: [{ field: 'type', reason: 'must be base or defi' }] },
    }))
    const res = await get('type=nft&pageSize=0')
    expect(sent()).toMatchObject({ type: 'nft', page_size: 0 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'type: must be base or defi', details: [{ field: 'type' }] })
  })

  it.each([
    ['chainId=abc', 'INVALID_TYPE', 'chainId'],
    ['chainId=-1', 'INVALID_ARGUMENT', 'chainId'],
    ['chainId=1.5', 'INVALID_TYPE', 'chainId'],
    ['chainId=99999999999999999999', 'INVALID_ARGUMENT', 'chainId'],
    ['pageSize=4294967296', 'INVALID_ARGUMENT', 'pageSize'],
    ['apyFrom=high', 'INVALID_TYPE', 'apyFrom'],
    ['includeMetadata=yes', 'INVALID_TYPE', 'includeMetadata'],
    ['type=defi&type=base', 'INVALID_TYPE', 'type'],
    ['symbol[]=A&symbol[]=B', 'UNKNOWN_FIELD', 'symbol[]'],
    ['page=2', 'INVALID_ARGUMENT', 'page'],
    ['liquidityType=SingleToken', 'UNKNOWN_FIELD', 'liquidityType'],
    [`address=${USDC}&address[]=${WETH}`, 'INVALID_ARGUMENT', 'address'],
  ])('%s → 400 %s (%s) without a gRPC call', async (query, code, field) => {
    const res = await get(query)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code })
    expect(res.json().details[0].field).toBe(field)
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('forwards authorization and maps UNAUTHENTICATED to 401', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(grpcError({ status: status.UNAUTHENTICATED, envelope: { code: 'UNAUTHENTICATED', message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".' } }))
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/tokens', headers: { authorization: 'Bearer nope' } })
    expect(res.statusCode).toBe(401)
    expect(gw.fake.calls[0]?.metadata.authorization).toBe('Bearer nope')
  })
})
