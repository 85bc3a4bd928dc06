import { EnsoClient } from '@ensofinance/sdk'
import { status } from '@grpc/grpc-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { grpcError } from '../testing/grpcError.js'
import { API_KEY, NATIVE, USDC, startTestGateway } from '../testing/startTestGateway.js'

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const HASH = `0x${'ab'.repeat(32)}`
const headers = { authorization: `Bearer ${API_KEY}` }

let gw: Awaited<ReturnType<typeof startTestGateway>>
let sdk: EnsoClient
beforeAll(async () => {
  gw = await startTestGateway()
  await gw.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = gw.app.server.address() as { port: number }
  sdk = new EnsoClient({ apiKey: API_KEY, baseURL: `http://127.0.0.1:${port}/api/v1` })
})
afterAll(async () => {
  await gw?.close()
})
beforeEach(() => {
  gw.fake.calls.length = 0
  gw.fake.handlers = {}
})

const cannedPool = {
  pool: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7', chainId: 1, destinationChainId: 8453, token: USDC, decimals: 6,
  destinationData: { pool: '0x27a16dc786820B16E5c9028b75B99F6f604b5d26', token: BASE_USDC, decimals: 6 },
}

describe('GET /layerzero/pool and /stargate/pool', () => {
  it.each(['layerzero', 'stargate'])('/%s/pool maps the query to BridgePools and the answer to LayerZeroPoolData', async (bridge) => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${bridge}/pool?chainId=1&token=${USDC.toLowerCase()}&destinationChainId=8453&destinationToken=${BASE_USDC}`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([cannedPool])
    expect(res.headers['x-ratelimit-remaining']).toBe('99')
    expect(gw.fake.calls).toMatchObject([{ method: 'BridgePools', request: { chain_id: '1', token: USDC, destination_chain_id: '8453', destination_token: BASE_USDC } }])
  })

  it('leaves unset filters unset and answers [] as it comes', async () => {
    gw.fake.handlers.BridgePools = (_call, callback) => callback(null, { pools: [] })
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/stargate/pool?chainId=1&token=${NATIVE}`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
    const request = gw.fake.calls[0]!.request as Record<string, unknown>
    expect(request).toMatchObject({ chain_id: '1', token: NATIVE })
    expect(request._destination_chain_id).toBeUndefined()
    expect(request._destination_token).toBeUndefined()
  })

  it('bad queries → 400 before any gRPC call', async () => {
    for (const [query, code] of [
      [`token=${USDC}`, 'MISSING_FIELD'],
      [`chainId=abc&token=${USDC}`, 'INVALID_TYPE'],
      ['chainId=1&token=0x1234', 'INVALID_ADDRESS'],
      [`chainId=1&token=${USDC}&destinationChainId=0`, 'UNSUPPORTED_CHAIN'],
      [`chainId=1&token=${USDC}&foo=1`, 'UNKNOWN_FIELD'],
      [`chainId=1&chainId=2&token=${USDC}`, 'INVALID_TYPE'],
    ] as const) {
      const res = await gw.app.inject({ method: 'GET', url: `/api/v1/layerzero/pool?${query}`, headers })
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code, query).toBe(code)
    }
    // An unsupported chain only asks which chains are served, to list them.
    expect(gw.fake.calls.filter((c) => c.method !== 'Networks')).toHaveLength(0)
  })

  it('an unserved chain comes back as 400 UNSUPPORTED_CHAIN', async () => {
    gw.fake.handlers.BridgePools = (_call, callback) => callback(grpcError({ status: status.INVALID_ARGUMENT, envelope: { code: 'UNSUPPORTED_CHAIN', message: 'Chain 10 is not supported. Supported chains: 1, 8453.' } }))
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/layerzero/pool?chainId=10&token=${USDC}`, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_CHAIN', message: 'Chain 10 is not supported. Supported chains: 1, 8453.' })
  })
})

describe('GET /{bridgeProtocol}/bridge/check', () => {
  it.each(['layerzero', 'stargate', 'across', 'Stargate'])('%s maps the query to BridgeStatus and parses the events', async (bridge) => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${bridge}/bridge/check?chainId=1&txHash=${HASH}`, headers })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls).toMatchObject([{ method: 'BridgeStatus', request: { bridge_protocol: bridge.toLowerCase(), chain_id: '1', tx_hash: HASH } }])
    expect(res.json()).toEqual({
      sourceChainId: 1, sourceTxHash: HASH, destinationChainId: 8453, destinationTxHash: `0x${'bb'.repeat(32)}`, status: 'delivered',
      ensoSourceEvent: { chainId: 1, transactionHash: `0x${'aa'.repeat(32)}`, blockNumber: 10, success: true, accountId: `0x${'01'.repeat(32)}`, requestId: `0x${'02'.repeat(32)}` },
      ensoDestinationEvent: { event: 'CallbackExecuted', chainId: 8453, transactionHash: `0x${'bb'.repeat(32)}`, blockNumber: 20, success: true, amount: '1000' },
    })
  })

  it('a pending status carries only the source fields (unset optionals stay out of the body)', async () => {
    gw.fake.handlers.BridgeStatus = (call, callback) => callback(null, { source_chain_id: call.request.chain_id, source_tx_hash: call.request.tx_hash, status: 'pending' })
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/layerzero/bridge/check?chainId=8453&txHash=${HASH}`, headers })
    expect(res.json()).toEqual({ sourceChainId: 8453, sourceTxHash: HASH, status: 'pending' })
  })

  it('a failed status carries the error', async () => {
    gw.fake.handlers.BridgeStatus = (call, callback) => callback(null, {
      source_chain_id: call.request.chain_id, source_tx_hash: call.request.tx_hash, status: 'failed', destination_chain_id: '8453', destination_tx_hash: HASH,
      error: 'callback reverted; refunded 5 of 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 to 0x0000000000000000000000000000000000000011 (Error(no))',
      destination_event_json: '{"event":"CallbackRefunded","success":false,"refundDetails":{"amount":"5","isNative":false}}',
    })
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/stargate/bridge/check?chainId=1&txHash=${HASH}`, headers })
    expect(res.json()).toMatchObject({ status: 'failed', error: expect.stringMatching(/^callback reverted; refunded 5 of /), ensoDestinationEvent: { event: 'CallbackRefunded', refundDetails: { amount: '5', isNative: false } } })
    expect(res.json().ensoSourceEvent).toBeUndefined()
  })

  it('a status outside the contract, or event JSON that is not an object → 500 INTERNAL', async () => {
    gw.fake.handlers.BridgeStatus = (call, callback) => callback(null, { source_chain_id: '1', source_tx_hash: call.request.tx_hash, status: 'lost' })
    expect((await gw.app.inject({ method: 'GET', url: `/api/v1/stargate/bridge/check?chainId=1&txHash=${HASH}`, headers })).json()).toMatchObject({ statusCode: 500, code: 'INTERNAL' })
    gw.fake.handlers.BridgeStatus = (call, callback) => callback(null, { source_chain_id: '1', source_tx_hash: call.request.tx_hash, status: 'pending', source_event_json: '[1]' })
    expect((await gw.app.inject({ method: 'GET', url: `/api/v1/stargate/bridge/check?chainId=1&txHash=${HASH}`, headers })).statusCode).toBe(500)
  })

  it('other bridges, bad hashes and bad chains → 400 before any gRPC call', async () => {
    for (const [path, code] of [
      [`ccip/bridge/check?chainId=1&txHash=${HASH}`, 'BRIDGE_NOT_SUPPORTED'],
      [`relay/bridge/check?chainId=1&txHash=${HASH}`, 'BRIDGE_NOT_SUPPORTED'],
      ['layerzero/bridge/check?chainId=1&txHash=0x1234', 'INVALID_TX_HASH'],
      [`layerzero/bridge/check?txHash=${HASH}`, 'MISSING_FIELD'],
      [`layerzero/bridge/check?chainId=x&txHash=${HASH}`, 'INVALID_TYPE'],
      [`layerzero/bridge/check?chainId=1&txHash=${HASH}&guid=1`, 'UNKNOWN_FIELD'],
    ] as const) {
      const res = await gw.app.inject({ method: 'GET', url: `/api/v1/${path}`, headers })
      expect(res.statusCode, path).toBe(400)
      expect(res.json().code, path).toBe(code)
    }
    expect(gw.fake.calls).toHaveLength(0)
  })

  it('a node that is down comes back as 503 UPSTREAM_UNAVAILABLE', async () => {
    gw.fake.handlers.BridgeStatus = (_call, callback) => callback(grpcError({ status: status.UNAVAILABLE, envelope: { code: 'UPSTREAM_UNAVAILABLE', message: 'The node for chain 8453 is unavailable.' } }))
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/across/bridge/check?chainId=1&txHash=${HASH}`, headers })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })
  })
})

describe('@ensofinance/sdk bridge reads against the gateway', () => {
  it('getLayerZeroPool and getStargatePool send the query the gateway reads and return LayerZeroPoolData', async () => {
    const viaLz = await sdk.getLayerZeroPool({ chainId: 1, token: USDC, destinationChainId: 8453 })
    const viaStargate = await sdk.getStargatePool({ chainId: '1', token: USDC, destinationToken: BASE_USDC })
    expect(viaLz).toEqual([cannedPool])
    expect(viaStargate).toEqual([cannedPool])
    expect(gw.fake.calls).toMatchObject([
      { method: 'BridgePools', request: { chain_id: '1', token: USDC, destination_chain_id: '8453' }, metadata: { authorization: `Bearer ${API_KEY}` } },
      { method: 'BridgePools', request: { chain_id: '1', token: USDC, destination_token: BASE_USDC } },
    ])
  })

  it('getBridgeStatus puts the protocol in the path and returns BridgeStatusData', async () => {
    const data = await sdk.getBridgeStatus({ bridgeProtocol: 'stargate', chainId: 1, txHash: HASH })
    expect(data).toMatchObject({ sourceChainId: 1, sourceTxHash: HASH, destinationChainId: 8453, status: 'delivered' })
    expect(gw.fake.calls).toMatchObject([{ method: 'BridgeStatus', request: { bridge_protocol: 'stargate', chain_id: '1', tx_hash: HASH } }])
  })

  it('getBridgeStatus with a bridge we do not follow fails with the API message', async () => {
    const error = await sdk.getBridgeStatus({ bridgeProtocol: 'ccip', chainId: 1, txHash: HASH }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EnsoApiError', statusCode: 400 })
    expect(String((error as Error).message)).toContain('bridgeProtocol')
    expect(gw.fake.calls).toHaveLength(0)
  })
})
