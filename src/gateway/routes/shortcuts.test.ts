/**
 * The shortcuts plugin on `app.inject()`: POST and GET /shortcuts/route map every field to the gRPC request
 * and the answer back to REST; /shortcuts/quote, /shortcuts/bundle and /shortcuts/route/nontokenized; hop
 * args as text. Refusals of bad input and the validator's totality are in
 * `shortcutsRouteValidation.test.ts`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import { cannedBundleResponse, cannedRouteResponse } from '../testing/cannedGrpcResponses.js'
import { grpcError } from '../testing/grpcError.js'
import { IGNORED_FILTERS_HEADER } from './shortcuts.js'
import { API_KEY, DAI, FROM, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'
import { validRouteRequest } from '../testing/validRouteRequest.js'

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

const URL = '/api/v1/shortcuts/route'
const headers = { authorization: `Bearer ${API_KEY}` }

const expectedBody = {
  gas: '181234',
  amountOut: '500000000000000000',
  minAmountOut: '497500000000000000',
  feeAmount: ['0'],
  ensoFeeAmount: ['0'],
  priceImpact: 12.5,
  createdAt: 19000000,
  blockNumber: 19000000,
  validUntil: 1700000060,
  tx: { data: '0xdeadbeef', to: '0x1111111111111111111111111111111111111111', from: FROM, value: '0' },
  route: [{
    tokenIn: [USDC], tokenOut: [WETH], protocol: 'uniswap-v2', action: 'swap',
    primary: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', internalRoutes: [],
    args: { amountIn: '1000000000', tokenIn: USDC }, chainId: 1,
  }],
  externalContracts: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
}

function post(body: unknown) {
  return gw.app.inject({ method: 'POST', url: URL, headers, payload: body as object })
}

describe('POST /shortcuts/route', () => {
  it('maps every REST field to the proto request and the response back to REST', async () => {
    const body = {
      ...validRouteRequest, routingStrategy: 'delegate', toEoa: true, receiver: DAI, spender: DAI, minAmountOut: ['1'], slippage: '100',
      fee: ['10'], feeReceiver: DAI, ignoreAggregators: ['0x'], ignoreStandards: ['aave-v3'], referralCode: 'ref-1',
      refundReceiver: DAI, variableEstimates: { a: '1' },
    }
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'x-request-id': 'req-1.A_b' }, payload: body })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(expectedBody)
    expect(res.headers['x-request-id']).toBe('req-1.A_b')
    expect(res.headers['x-ratelimit-limit']).toBe('100')
    expect(res.headers['x-ratelimit-remaining']).toBe('99')
    expect(res.headers['x-ratelimit-reset']).toBe('60')
    expect(gw.fake.calls).toHaveLength(1)
    const call = gw.fake.calls[0]
    expect(call?.method).toBe('Route')
    expect(call?.request).toMatchObject({
      from_address: FROM, amount_in: ['1000000000'], token_in: [USDC], token_out: [WETH], chain_id: '1',
      routing_strategy: 'delegate', to_eoa: true, receiver: DAI, spender: DAI, min_amount_out: ['1'], slippage: '100',
      fee: ['10'], fee_receiver: DAI, ignore_aggregators: ['0x'], ignore_standards: ['aave-v3'], referral_code: 'ref-1',
      refund_receiver: DAI, variable_estimates_json: '{"a":"1"}',
    })
    expect(call?.request).not.toHaveProperty('destination_chain_id')
    expect(call?.metadata).toMatchObject({ authorization: `Bearer ${API_KEY}`, 'x-forwarded-for': '127.0.0.1', 'x-request-id': 'req-1.A_b' })
  })

  it('passes the caller\'s original strings (no re-checksumming or bigint round trip) and numeric bps as strings', async () => {
    const lower = USDC.toLowerCase()
    const res = await post({ ...validRouteRequest, tokenIn: [lower], slippage: 30, fee: [5], feeReceiver: DAI })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls[0]?.request).toMatchObject({ token_in: [lower], slippage: '30', fee: ['5'] })
  })

  it('sends priceImpact null when the backend has no USD price, and cross-chain step fields when set', async () => {
    gw.fake.handlers.Route = (_call, cb) => {
      const step = { token_in: [USDC], token_out: [WETH], protocol: 'stargate', action: 'bridge', primary: DAI, internal_routes: ['x'], args_json: '', chain_id: 1, source_chain_id: 1, destination_chain_id: 8453 }
      cb(null, { gas: '1', amount_out: '2', min_amount_out: '2', fee_amount: [], enso_fee_amount: [], created_at: '7', tx: { data: '0x', to: DAI, from: FROM, value: '5' }, route: [step] })
    }
    const res = await post(validRouteRequest)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.priceImpact).toBeNull()
    expect(body.createdAt).toBe(7)
    // A backend that names no external contract: an empty list, never a missing field.
    expect(body.externalContracts).toEqual([])
    expect(body.route[0]).toEqual({ tokenIn: [USDC], tokenOut: [WETH], protocol: 'stargate', action: 'bridge', primary: DAI, internalRoutes: ['x'], args: {}, chainId: 1, sourceChainId: 1, destinationChainId: 8453 })
  })

  it('several outputs: amountOut and minAmountOut become arrays, one string per tokenOut; unknown ignore entries are named in a header', async () => {
    gw.fake.handlers.Route = (_call, cb) => {
      cb(null, { ...cannedRouteResponse, amount_out: '5', min_amount_out: '4', amounts_out: ['5', '7'], min_amounts_out: ['4', '6'], unknown_filters: ['ignoreStandards=curve', 'ignoreAggregators=a\r\nb'] })
    }
    const res = await post({ ...validRouteRequest, tokenOut: [WETH, DAI] })
    expect(res.statusCode).toBe(200)
    expect(res.json().amountOut).toEqual(['5', '7'])
    expect(res.json().minAmountOut).toEqual(['4', '6'])
    // URI-encoded: a value can never split the header.
    expect(res.headers[IGNORED_FILTERS_HEADER]).toBe('ignoreStandards%3Dcurve, ignoreAggregators%3Da%0D%0Ab')
  })

  it('answers 500 INTERNAL (no internals) when the backend sends a malformed step', async () => {
    gw.fake.handlers.Route = (_call, cb) => {
      cb(null, { gas: '1', amount_out: '2', min_amount_out: '2', created_at: '7', tx: { data: '0x', to: DAI, from: FROM, value: '0' }, route: [{ args_json: '{not json' }] })
    }
    const res = await post(validRouteRequest)
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL', message: 'Internal error.' })
  })
})

describe('GET /shortcuts/route', () => {
  const expectedRequest = { from_address: FROM, amount_in: ['1', '2'], token_in: [USDC, DAI], token_out: [WETH], chain_id: '1', to_eoa: false }
  const styles: [string, string][] = [
    ['brackets, URL-encoded (@ensofinance/sdk via axios)', `amountIn%5B%5D=1&amountIn%5B%5D=2&tokenIn%5B%5D=${USDC}&tokenIn%5B%5D=${DAI}&tokenOut%5B%5D=${WETH}`],
    ['brackets, raw', `amountIn[]=1&amountIn[]=2&tokenIn[]=${USDC}&tokenIn[]=${DAI}&tokenOut[]=${WETH}`],
    ['repeated keys', `amountIn=1&amountIn=2&tokenIn=${USDC}&tokenIn=${DAI}&tokenOut=${WETH}`],
    ['comma-separated', `amountIn=1,2&tokenIn=${USDC},${DAI}&tokenOut=${WETH}`],
    ['comma-separated, encoded commas', `amountIn=1%2C2&tokenIn=${USDC}%2C${DAI}&tokenOut=${WETH}`],
  ]
  it.each(styles)('reads arrays as %s', async (_name, arrays) => {
    const res = await gw.app.inject({ method: 'GET', url: `${URL}?fromAddress=${FROM}&chainId=1&toEoa=false&${arrays}`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(expectedBody)
    expect(gw.fake.calls[0]?.request).toMatchObject(expectedRequest)
  })

  it('coerces chainId/destinationChainId/toEoa, keeps slippage a string, parses variableEstimates JSON', async () => {
    gw.fake.handlers.Route = (_call, cb) => cb(grpcError({ status: status.INVALID_ARGUMENT, envelope: { code: 'CROSS_CHAIN_NOT_SUPPORTED', message: 'Cross-chain routes (destinationChainId) are not supported yet.' } }))
    const q = `fromAddress=${FROM}&amountIn=1&tokenIn=${USDC}&tokenOut=${WETH}&chainId=1&destinationChainId=8453&receiver=${FROM}&toEoa=true&slippage=75&variableEstimates=${encodeURIComponent('{"x":"1"}')}`
    const res = await gw.app.inject({ method: 'GET', url: `${URL}?${q}`, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('CROSS_CHAIN_NOT_SUPPORTED')
    expect(gw.fake.calls[0]?.request).toMatchObject({ chain_id: '1', destination_chain_id: '8453', to_eoa: true, slippage: '75', variable_estimates_json: '{"x":"1"}' })
  })

  it('does not require variableEstimates and accepts a single value without brackets', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `${URL}?fromAddress=${FROM}&amountIn=1&tokenIn=${USDC}&tokenOut=${WETH}`, headers })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls[0]?.request).toMatchObject({ amount_in: ['1'], token_in: [USDC], token_out: [WETH] })
    expect(gw.fake.calls[0]?.request).not.toHaveProperty('chain_id')
  })
})

describe('GET /shortcuts/quote', () => {
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

  it('calls RoutingService.Quote with the query (fromAddress optional, lists in any style) and answers QuoteEndpointResponse', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/shortcuts/quote?chainId=1&tokenIn[]=${USDC}&tokenOut[]=${WETH}&amountIn[]=1000000000&ignoreStandards=curve`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      amountOut: '1000', priceImpact: 12.5, feeAmount: ['0'], ensoFeeAmount: ['0'], gas: '150000', blockNumber: 100,
      route: [{ tokenIn: [USDC], tokenOut: [WETH], protocol: 'uniswap-v2', action: 'swap', primary: '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc', internalRoutes: [], args: { amountIn: '1000000000', tokenIn: USDC }, chainId: 1 }],
    })
    const call = gw.fake.calls.find((c) => c.method === 'Quote')
    expect(call?.request).toMatchObject({ from_address: '', chain_id: '1', token_in: [USDC], token_out: [WETH], amount_in: ['1000000000'], ignore_standards: ['curve'] })
  })

  it('several outputs: amountOut is an array', async () => {
    gw.fake.handlers.Quote = (_call, cb) => {
      cb(null, { amount_out: '5', amounts_out: ['5', '7'], route: [], fee_amount: [], enso_fee_amount: [], gas: '1', block_number: '3', unknown_filters: [] })
    }
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/shortcuts/quote?chainId=1&tokenIn=${USDC}&tokenOut=${WETH},${DAI}&amountIn=1`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().amountOut).toEqual(['5', '7'])
    expect(res.json().priceImpact).toBeNull()
  })
})

describe('POST /shortcuts/bundle and GET /shortcuts/route/nontokenized', () => {
  let gw: Awaited<ReturnType<typeof startTestGateway>>
  beforeAll(async () => {
    gw = await startTestGateway()
  })
  afterAll(async () => {
    await gw.close()
  })

  // Issue 24 item 14: the OpenAPI's executionMode (user | backend) is accepted on bundles and reaches gRPC.
  it.each(['user', 'backend'])('executionMode=%s is accepted and passed to gRPC; another value is 400', async (mode) => {
    gw.fake.calls.length = 0
    const url = `/api/v1/shortcuts/bundle?chainId=1&fromAddress=${FROM}&executionMode=${mode}`
    const res = await gw.app.inject({ method: 'POST', url, headers, payload: [{ protocol: 'enso', action: 'balance', args: { token: USDC } }] })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls.at(-1)).toMatchObject({ method: 'Bundle', request: { execution_mode: mode } })
    const bad = await gw.app.inject({ method: 'POST', url: url.replace(mode, 'relayer'), headers, payload: [{ protocol: 'enso', action: 'balance', args: { token: USDC } }] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_ARGUMENT', details: [{ field: 'executionMode' }] })
  })

  it('the bundle answer carries externalContracts from the proto response', async () => {
    const res = await gw.app.inject({ method: 'POST', url: '/api/v1/shortcuts/bundle?chainId=1&fromAddress=' + FROM, headers, payload: [{ protocol: 'enso', action: 'balance', args: { token: USDC } }] })
    expect(res.statusCode).toBe(200)
    expect(res.json().externalContracts).toEqual(['0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'])
  })

  it('the non-tokenized route answer carries externalContracts from the proto response', async () => {
    const external = ['0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0']
    gw.fake.handlers.RouteNontokenized = (_call, cb) => {
      cb(null, { created_at: '100', gas: '200000', amount_deposited: '1000', tx: { data: '0x', to: DAI, from: FROM, value: '0' }, route: [], fee_amount: ['0'], enso_fee_amount: ['0'], external_contracts: external })
    }
    const query = `chainId=1&fromAddress=${FROM}&receiver=${FROM}&positionOut=0x98C23E9d8f34FEFb1B7BD6a91B7FF122F4e16F5c&tokenIn=${USDC}&amountIn=1000000`
    const res = await gw.app.inject({ method: 'GET', url: `/api/v1/shortcuts/route/nontokenized?${query}`, headers })
    expect(res.statusCode).toBe(200)
    expect(res.json().externalContracts).toEqual(external)
  })
})

describe('hop args on REST (issue 24 item 13): every value a string or a list of strings, as the OpenAPI\'s Hop.args', () => {
  let gw: Awaited<ReturnType<typeof startTestGateway>>
  beforeAll(async () => {
    gw = await startTestGateway()
  })
  afterAll(async () => {
    await gw.close()
  })

  // What a server that still sent numbers and booleans put in args_json: REST answers them as text.
  const numericStep = { ...cannedRouteResponse.route![0]!, args_json: '{"amountIn":"1000","fee":3000,"tickSpacing":60,"zeroForOne":true,"feeBps":30,"path":["a",1]}' }
  const asText = { amountIn: '1000', fee: '3000', tickSpacing: '60', zeroForOne: 'true', feeBps: '30', path: ['a', '1'] }

  it('route, quote, bundle and non-tokenized route steps', async () => {
    gw.fake.handlers.Route = (_c, cb) => cb(null, { ...cannedRouteResponse, route: [numericStep] })
    gw.fake.handlers.Quote = (_c, cb) => cb(null, { amount_out: '1', amounts_out: ['1'], route: [numericStep], fee_amount: [], enso_fee_amount: [], gas: '1', block_number: '3', unknown_filters: [] })
    gw.fake.handlers.Bundle = (_c, cb) => cb(null, { ...cannedBundleResponse, route: [numericStep] })
    gw.fake.handlers.RouteNontokenized = (_c, cb) => cb(null, { created_at: '100', gas: '200000', amount_deposited: '1000', tx: { data: '0x', to: DAI, from: FROM, value: '0' }, route: [numericStep], fee_amount: ['0'], enso_fee_amount: ['0'] })
    const route = await gw.app.inject({ method: 'GET', url: `/api/v1/shortcuts/route?chainId=1&fromAddress=${FROM}&tokenIn=${USDC}&tokenOut=${WETH}&amountIn=1`, headers })
    expect(route.statusCode).toBe(200)
    expect(route.json().route[0].args).toEqual(asText)
    const quote = await gw.app.inject({ method: 'GET', url: `/api/v1/shortcuts/quote?chainId=1&tokenIn=${USDC}&tokenOut=${WETH}&amountIn=1`, headers })
    expect(quote.json().route[0].args).toEqual(asText)
    const bundle = await gw.app.inject({ method: 'POST', url: `/api/v1/shortcuts/bundle?chainId=1&fromAddress=${FROM}`, headers, payload: [{ protocol: 'enso', action: 'balance', args: { token: USDC } }] })
    const { amountIn: _amountIn, ...bundleArgs } = asText
    expect(bundle.json().route[0]).toMatchObject({ amountIn: '1000', args: bundleArgs })
    const query = `chainId=1&fromAddress=${FROM}&receiver=${FROM}&positionOut=0x98C23E9d8f34FEFb1B7BD6a91B7FF122F4e16F5c&tokenIn=${USDC}&amountIn=1000000`
    const nontokenized = await gw.app.inject({ method: 'GET', url: `/api/v1/shortcuts/route/nontokenized?${query}`, headers })
    expect(nontokenized.json().route[0].args).toEqual(asText)
  })
})
