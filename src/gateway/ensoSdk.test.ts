import { EnsoClient } from '@ensofinance/sdk'
import { status } from '@grpc/grpc-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FAKE_ACCOUNT_ID, grpcError } from './testing/startFakeGrpcServer.js'
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
})
