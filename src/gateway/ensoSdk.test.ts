import { EnsoClient } from '@ensofinance/sdk'
import { status } from '@grpc/grpc-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FAKE_ACCOUNT_ID } from './testing/cannedGrpcResponses.js'
import { grpcError } from './testing/grpcError.js'
import { API_KEY, DAI, FROM, USDC, WETH, startTestGateway } from './testing/startTestGateway.js'

/** The real @ensofinance/sdk client (axios over HTTP) against the gateway and a fake gRPC backend. */
let gw: Awaited<ReturnType<typeof startTestGateway>>
let client: EnsoClient
beforeAll(async () => {
  gw = await startTestGateway()
  await gw.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = gw.app.server.address() as { port: number }
  client = new EnsoClient({ apiKey: API_KEY, baseURL: `http://127.0.0.1:${port}/api/v1` })
})
afterAll(async () => {
  await gw.close()
})
beforeEach(() => {
  gw.fake.calls.length = 0
  gw.fake.handlers = {}
})

describe('@ensofinance/sdk against the gateway', () => {
  it('getRouteData sends a GET the gateway understands and parses the answer', async () => {
    const route = await client.getRouteData({
      fromAddress: FROM, receiver: DAI, chainId: 1, amountIn: ['1000000000', '5'], tokenIn: [USDC, DAI], tokenOut: [WETH],
      routingStrategy: 'router', slippage: '50', fee: ['10', '0'], feeReceiver: DAI, referralCode: '0123456789ABCDEF', toEoa: true,
    })
    expect(route.amountOut).toBe('500000000000000000')
    expect(route.gas).toBe('181234')
    expect(route.createdAt).toBe(19000000)
    expect(route.priceImpact).toBe(12.5)
    expect(route.tx).toEqual({ data: '0xdeadbeef', to: '0x1111111111111111111111111111111111111111', from: FROM, value: '0' })
    expect(route.route[0]).toMatchObject({ protocol: 'uniswap-v2', action: 'swap', chainId: 1, args: { amountIn: '1000000000' } })
    // A field the SDK does not type reaches its caller untouched.
    expect((route as unknown as { externalContracts: string[] }).externalContracts).toEqual(['0x5FbDB2315678afecb367f032d93F642f64180aa3'])
    expect(gw.fake.calls[0]).toMatchObject({
      method: 'Route',
      request: {
        from_address: FROM, receiver: DAI, chain_id: '1', amount_in: ['1000000000', '5'], token_in: [USDC, DAI], token_out: [WETH],
        routing_strategy: 'router', slippage: '50', fee: ['10', '0'], fee_receiver: DAI, referral_code: '0123456789ABCDEF', to_eoa: true,
      },
      metadata: { authorization: `Bearer ${API_KEY}` },
    })
  })

  it('getRouteData surfaces NO_ROUTE as EnsoApiError with the spec message', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(grpcError({ status: status.FAILED_PRECONDITION, envelope: { code: 'NO_ROUTE', message: 'Could not build shortcuts for route' } }))
    const error = await client.getRouteData({ fromAddress: FROM, chainId: 1, amountIn: ['1'], tokenIn: [USDC], tokenOut: [WETH], routingStrategy: 'router' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EnsoApiError', statusCode: 400, message: 'API Error: Could not build shortcuts for route' })
  })

  it('getRouteData with a bad amount gets the validator message (no gRPC call)', async () => {
    const error = await client.getRouteData({ fromAddress: FROM, chainId: 1, amountIn: ['-1'], tokenIn: [USDC], tokenOut: [WETH], routingStrategy: 'router' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ statusCode: 400, responseData: { code: 'INVALID_AMOUNT' } })
    expect((error as Error).message).toMatch(/^API Error: amountIn\[0\]: /)
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('getApprovalData', async () => {
    const approval = await client.getApprovalData({ fromAddress: FROM, tokenAddress: USDC, chainId: 1, amount: '1000000000' })
    expect(approval).toEqual({
      tx: { data: '0x095ea7b3', to: USDC, from: FROM, value: '0' }, gas: '46000', token: USDC, amount: '1000000000',
      spender: '0x1111111111111111111111111111111111111111',
    })
    expect(gw.fake.calls[0]?.request).toMatchObject({ from_address: FROM, token_address: USDC, chain_id: '1', amount: '1000000000', routing_strategy: 'router' })
  })

  it('getNetworks (with and without filters)', async () => {
    expect(await client.getNetworks()).toEqual([{ id: 1, name: 'mainnet', isConnected: true }, { id: 8453, name: 'base', isConnected: false }])
    expect(await client.getNetworks({ chainId: '1' })).toEqual([{ id: 1, name: 'mainnet', isConnected: true }])
  })

  it('getAccountId', async () => {
    expect(await client.getAccountId()).toBe(FAKE_ACCOUNT_ID)
  })

  it('getProtocolData (GET /protocols?chainId&slug)', async () => {
    const protocols = await client.getProtocolData({ chainId: 1, slug: 'uniswap-v2' })
    expect(protocols).toEqual([{
      project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org',
      logosUri: ['https://icons.example/uniswap-v2.png'], chains: [{ id: 1, name: 'mainnet' }, { id: 8453, name: 'base' }],
    }])
    expect(gw.fake.calls[0]).toMatchObject({ method: 'Protocols', request: { chain_id: '1', slug: 'uniswap-v2' } })
  })

  it('getStandards (GET /standards) and getStandardBySlug (GET /standards/{slug})', async () => {
    const [standard] = await client.getStandards()
    expect(standard).toMatchObject({ protocol: { slug: 'uniswap-v2', name: 'Uniswap V2' }, actions: [{ action: 'swap', supportedChains: [{ id: 1, name: 'Ethereum' }, { id: 8453, name: 'Base' }] }] })
    // The published document's ProtocolModel object (the SDK's StandardData[] type notwithstanding: it passes the body through).
    expect(await client.getStandardBySlug('uniswap-v2') as unknown).toEqual({
      project: 'uniswap', slug: 'uniswap-v2', name: 'Uniswap V2', description: 'Constant-product AMM.', url: 'https://app.uniswap.org', logosUri: [], chains: [{ id: 1, name: 'Ethereum' }, { id: 8453, name: 'Base' }],
    })
    const error = await client.getStandardBySlug('nope').catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EnsoApiError', statusCode: 404, message: 'API Error: Unknown protocol slug "nope".' })
  })

  it('getProjects (GET /projects)', async () => {
    expect(await client.getProjects()).toEqual([{ id: 'uniswap', chains: [1, 8453], protocols: ['uniswap-v2'] }])
  })

  it('getTokenData (GET /tokens, with the page=1 it always adds and bracketed lists)', async () => {
    const tokens = await client.getTokenData({
      chainId: 1, type: 'defi', protocolSlug: 'uniswap-v2', underlyingTokens: [USDC, WETH], address: [USDC], symbol: ['UNI-V2'],
      apyFrom: 0, tvlFrom: 1000, pageSize: 2, cursor: 7, includeMetadata: true,
    })
    expect(tokens.meta).toEqual({ total: 3, nextCursor: 'c2', pageSize: 2 })
    expect(tokens.data[0]).toMatchObject({ chainId: 1, type: 'defi', apy: 0, tvl: 1234567.5, project: 'uniswap' })
    expect(tokens.data[1]).toMatchObject({ apy: null, tvl: null, project: null, primaryAddress: null })
    expect(gw.fake.calls[0]?.request).toMatchObject({
      chain_id: '1', type: 'defi', protocol_slug: 'uniswap-v2', underlying_tokens: [USDC, WETH], address: [USDC], symbol: ['UNI-V2'],
      apy_from: 0, tvl_from: 1000, page_size: 2, cursor: '7', include_metadata: true,
    })
  })

  it('getPriceData (GET /prices/{chainId}/{address}); a token without a price is a 404 EnsoApiError', async () => {
    const price = await client.getPriceData({ chainId: 1, address: WETH })
    expect(price).toEqual({
      chainId: 1, address: WETH, decimals: 18, symbol: 'WETH', name: 'Wrapped Ether', price: 3012.25, timestamp: 1700000000, confidence: 0.93, blockNumber: 19000000,
    })
    const error = await client.getPriceData({ chainId: 1, address: DAI }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EnsoApiError', statusCode: 404, responseData: { code: 'NOT_FOUND' } })
  })

  it('getMultiplePriceData (GET /prices/{chainId}?addresses[]=…): null for unknown tokens; over 100 → 400', async () => {
    const prices = await client.getMultiplePriceData({ chainId: 1, addresses: [WETH, DAI] })
    expect(prices).toHaveLength(2)
    expect(prices[0]).toMatchObject({ address: WETH, price: 3012.25 })
    expect(prices[1]).toBeNull()
    expect(gw.fake.calls[0]?.request).toMatchObject({ chain_id: '1', addresses: [WETH, DAI] })
    const many = Array.from({ length: 101 }, () => WETH as `0x${string}`)
    const error = await client.getMultiplePriceData({ chainId: 1, addresses: many }).catch((e: unknown) => e)
    expect(error).toMatchObject({ statusCode: 400, responseData: { code: 'TOO_MANY_ITEMS' } })
    expect(gw.fake.calls).toHaveLength(1)
  })
})
