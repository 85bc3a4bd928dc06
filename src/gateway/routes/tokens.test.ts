import { EnsoClient } from '@ensofinance/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import type { TokensResponse } from '../../grpc/generated/switchyard/data/v1/TokensResponse.js'
import { grpcError } from '../testing/grpcError.js'
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
const VAULT = '0x1111111111111111111111111111111111111111'

/** A page of one vault with a measured APY and no metadata (not asked for), mid-list. */
const withApy: TokensResponse = {
  data: [{
    address: VAULT, chain_id: '1', type: 'defi', decimals: 6,
    underlying_tokens: [{ address: USDC, chain_id: '1', type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' }],
    project: 'erc4626', protocol: 'erc4626', apy: 4.25, tvl: 2e7, primary_address: VAULT,
    apy_window: { method: 'share-price', from_block: '300', to_block: '350', seconds: '604800' },
  }],
  meta: { total: '25', next_cursor: 'bzoyMA', page_size: 10, last_page: 3, current_page: 2, per_page: 10, prev: 1, next: 3, cursor: '20' },
}

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
          project: 'uniswap', protocol: 'uniswap-v2', protocolSlug: 'uniswap-v2', apy: 0, apyBase: 0, apyReward: null, apyWindow: null,
          tvl: 1234567.5, primaryAddress: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc',
        },
        {
          address: USDC, chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin', logosUri: ['https://icons.example/usdc.png'],
          underlyingTokens: [], project: null, protocol: null, protocolSlug: null, apy: null, apyBase: null, apyReward: null, apyWindow: null,
          tvl: null, primaryAddress: null,
        },
      ],
      // The canned backend sends no page numbers (as servers before them): no PaginationMeta.
      meta: { total: 3, nextCursor: 'c2', pageSize: 2 },
    })
    expect(res.body).toContain('"apy":null,"apyBase":null,"apyReward":null,"apyWindow":null,"tvl":null')
  })

  it('leaves nextCursor out on the last page', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(null, { data: [], meta: { total: '0', page_size: 1000, last_page: 1, current_page: 1, per_page: 1000 } })
    expect((await get()).json()).toEqual({
      data: [], meta: { total: 0, lastPage: 1, currentPage: 1, perPage: 1000, prev: null, next: null, cursor: null, pageSize: 1000 },
    })
  })

  it('serves the OpenAPI PaginationMeta, the APY window, and null metadata when the backend left it out', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(null, withApy)
    const body = (await get()).json()
    expect(body.meta).toEqual({ total: 25, lastPage: 3, currentPage: 2, perPage: 10, prev: 1, next: 3, cursor: 20, nextCursor: 'bzoyMA', pageSize: 10 })
    expect(body.data).toEqual([{
      address: VAULT, chainId: 1, type: 'defi', decimals: 6, symbol: null, name: null, logosUri: null,
      underlyingTokens: [{ address: USDC, chainId: 1, type: 'base', decimals: 6, symbol: 'USDC', name: 'USD Coin' }],
      project: 'erc4626', protocol: 'erc4626', protocolSlug: 'erc4626', apy: 4.25, apyBase: 4.25, apyReward: null,
      apyWindow: { method: 'share-price', fromBlock: 300, toBlock: 350, seconds: 604800 }, tvl: 2e7, primaryAddress: VAULT,
    }])
  })

  it('a response without meta → 500 INTERNAL', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(null, { data: [] })
    expect((await get()).json()).toMatchObject({ statusCode: 500, code: 'INTERNAL' })
  })
})

describe('GET /tokens: query', () => {
  it('sends no filter when none is given', async () => {
    await get()
    expect(sent()).toMatchObject({ address: [], underlying_tokens: [], symbol: [], name: [] })
    for (const field of ['chain_id', 'type', 'liquidity_type', 'page_size', 'include_metadata', 'cursor', 'apy_from']) expect(sent()).not.toHaveProperty(field)
  })

  it('coerces numbers and booleans and passes strings through', async () => {
    await get('chainId=8453&protocolSlug=aave-v3&project=aave&type=defi&symbol=aUSDC&name=Aave%20USDC&apyFrom=1.5&tvlFrom=0&includeMetadata=false&cursor=123&pageSize=50')
    expect(sent()).toMatchObject({
      chain_id: '8453', protocol_slug: 'aave-v3', project: 'aave', type: 'defi', symbol: ['aUSDC'], name: ['Aave USDC'],
      apy_from: 1.5, tvl_from: 0, include_metadata: false, cursor: '123', page_size: 50,
    })
  })

  it.each([
    ['brackets', `address[]=${USDC}&address[]=${WETH}&underlyingTokens[]=${WETH}&underlyingTokensExact[]=${USDC}&underlyingTokensExact[]=${WETH}&primaryAddress[]=${VAULT}`],
    ['repeated', `address=${USDC}&address=${WETH}&underlyingTokens=${WETH}&underlyingTokensExact=${USDC}&underlyingTokensExact=${WETH}&primaryAddress=${VAULT}`],
    ['commas', `address=${USDC},${WETH}&underlyingTokens=${WETH}&underlyingTokensExact=${USDC},${WETH}&primaryAddress=${VAULT}`],
  ])('reads the address lists given as %s', async (_name, query) => {
    expect((await get(query)).statusCode).toBe(200)
    expect(sent()).toMatchObject({ address: [USDC, WETH], underlying_tokens: [WETH], underlying_tokens_exact: [USDC, WETH], primary_address: [VAULT] })
  })

  it('passes the APY and TVL bounds, the spec tvl, includeUnderlying, page and a numeric cursor', async () => {
    expect((await get('apyFrom=1&apyTo=10.5&tvlFrom=0&tvlTo=1e3&tvl=250.5&includeUnderlying=false&page=3&cursor=40&pageSize=20')).statusCode).toBe(400)
    expect((await get('apyFrom=1&apyTo=10.5&tvlFrom=0&tvlTo=1000&tvl=250.5&includeUnderlying=false&page=3&cursor=40&pageSize=20')).statusCode).toBe(200)
    expect(sent()).toMatchObject({ apy_from: 1, apy_to: 10.5, tvl_from: 0, tvl_to: 1000, tvl: 250.5, include_underlying: false, page: 3, cursor: '40', page_size: 20 })
  })

  it('sends none of the new fields when they are not given', async () => {
    await get()
    expect(sent()).toMatchObject({ underlying_tokens_exact: [], primary_address: [] })
    for (const field of ['apy_to', 'tvl_to', 'tvl', 'include_underlying', 'page']) expect(sent()).not.toHaveProperty(field)
  })

  it('accepts page=1 (what @ensofinance/sdk always sends) and a single symbol[] / name[]', async () => {
    expect((await get('page=1&symbol[]=USDC&name[]=USD%20Coin')).statusCode).toBe(200)
    expect(sent()).toMatchObject({ symbol: ['USDC'], name: ['USD Coin'], page: 1 })
  })

  // Issue 24 item 14: the OpenAPI types symbol and name as lists and has liquidityType.
  it.each([
    ['brackets', 'symbol[]=USDC&symbol[]=DAI&name[]=USD%20Coin&name[]=Dai%2C%20Stablecoin'],
    ['repeated', 'symbol=USDC&symbol=DAI&name=USD%20Coin&name=Dai%2C%20Stablecoin'],
    ['indices', 'symbol[0]=USDC&symbol[1]=DAI&name[0]=USD%20Coin&name[1]=Dai%2C%20Stablecoin'],
  ])('symbol and name as lists (%s); a comma stays inside a name', async (_style, query) => {
    expect((await get(query)).statusCode).toBe(200)
    expect(sent()).toMatchObject({ symbol: ['USDC', 'DAI'], name: ['USD Coin', 'Dai, Stablecoin'] })
  })

  it('passes liquidityType (SingleToken, MultiToken) to the service', async () => {
    expect((await get('liquidityType=MultiToken')).statusCode).toBe(200)
    expect(sent()).toMatchObject({ liquidity_type: 'MultiToken' })
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
    ['chainId=-1', 'UNSUPPORTED_CHAIN', 'chainId'],
    ['chainId=1.5', 'INVALID_TYPE', 'chainId'],
    ['chainId=99999999999999999999', 'UNSUPPORTED_CHAIN', 'chainId'],
    ['pageSize=4294967296', 'INVALID_ARGUMENT', 'pageSize'],
    ['apyFrom=high', 'INVALID_TYPE', 'apyFrom'],
    ['apyTo=high', 'INVALID_TYPE', 'apyTo'],
    ['tvlTo=x', 'INVALID_TYPE', 'tvlTo'],
    ['tvl=1&tvl=2', 'INVALID_TYPE', 'tvl'],
    ['includeMetadata=yes', 'INVALID_TYPE', 'includeMetadata'],
    ['includeUnderlying=1', 'INVALID_TYPE', 'includeUnderlying'],
    ['type=defi&type=base', 'INVALID_TYPE', 'type'],
    ['page=-2', 'INVALID_ARGUMENT', 'page'],
    ['page=1.5', 'INVALID_TYPE', 'page'],
    ['liquidityType=SingleToken&liquidityType=MultiToken', 'INVALID_TYPE', 'liquidityType'],
    [`address=${USDC}&address[]=${WETH}`, 'INVALID_ARGUMENT', 'address'],
  ])('%s → 400 %s (%s) without a gRPC call', async (query, code, field) => {
    const res = await get(query)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code })
    expect(res.json().details[0].field).toBe(field)
    // An unsupported chain only asks which chains are served, to list them.
    expect(gw.fake.calls.filter((c) => c.method !== 'Networks')).toHaveLength(0)
  })

  it('forwards authorization and maps UNAUTHENTICATED to 401', async () => {
    gw.fake.handlers.Tokens = (_c, cb) => cb(grpcError({ status: status.UNAUTHENTICATED, envelope: { code: 'UNAUTHENTICATED', message: 'Missing or invalid API key. Send "Authorization: Bearer <key>".' } }))
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1/tokens', headers: { authorization: 'Bearer nope' } })
    expect(res.statusCode).toBe(401)
    expect(gw.fake.calls[0]?.metadata.authorization).toBe('Bearer nope')
  })
})

describe('GET /tokens through @ensofinance/sdk', () => {
  it('getTokenData reads the new meta and tokens, and sends the new filters', async () => {
    await gw.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = gw.app.server.address() as { port: number }
    const client = new EnsoClient({ apiKey: API_KEY, baseURL: `http://127.0.0.1:${port}/api/v1` })
    gw.fake.handlers.Tokens = (_c, cb) => cb(null, withApy)
    const tokens = await client.getTokenData({
      chainId: 1, underlyingTokensExact: [USDC], primaryAddress: [VAULT], apyFrom: 1, apyTo: 5, tvlTo: 1e8, includeUnderlying: true, cursor: 10, pageSize: 10,
    })
    expect(tokens.meta).toEqual({ total: 25, lastPage: 3, currentPage: 2, perPage: 10, prev: 1, next: 3, cursor: 20, nextCursor: 'bzoyMA', pageSize: 10 })
    expect(tokens.data[0]).toMatchObject({ address: VAULT, apy: 4.25, apyBase: 4.25, symbol: null, underlyingTokens: [{ symbol: 'USDC' }] })
    expect(sent()).toMatchObject({
      chain_id: '1', underlying_tokens_exact: [USDC], primary_address: [VAULT], apy_from: 1, apy_to: 5, tvl_to: 1e8, include_underlying: true,
      cursor: '10', page: 1, page_size: 10,
    })
  })
})
