import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import fc from 'fast-check'
import { cannedBundleResponse, cannedRouteResponse } from '../testing/cannedGrpcResponses.js'
import { grpcError } from '../testing/grpcError.js'
import { IGNORED_FILTERS_HEADER } from './shortcuts.js'
import { API_KEY, DAI, FROM, NATIVE, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'

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
const valid = { fromAddress: FROM, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], chainId: 1, routingStrategy: 'router', variableEstimates: {} }

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
      ...valid, routingStrategy: 'delegate', toEoa: true, receiver: DAI, spender: DAI, minAmountOut: ['1'], slippage: '100',
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
    const res = await post({ ...valid, tokenIn: [lower], slippage: 30, fee: [5], feeReceiver: DAI })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls[0]?.request).toMatchObject({ token_in: [lower], slippage: '30', fee: ['5'] })
  })

  it('sends priceImpact null when the backend has no USD price, and cross-chain step fields when set', async () => {
    gw.fake.handlers.Route = (_call, cb) => {
      const step = { token_in: [USDC], token_out: [WETH], protocol: 'stargate', action: 'bridge', primary: DAI, internal_routes: ['x'], args_json: '', chain_id: 1, source_chain_id: 1, destination_chain_id: 8453 }
      cb(null, { gas: '1', amount_out: '2', min_amount_out: '2', fee_amount: [], enso_fee_amount: [], created_at: '7', tx: { data: '0x', to: DAI, from: FROM, value: '5' }, route: [step] })
    }
    const res = await post(valid)
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
    const res = await post({ ...valid, tokenOut: [WETH, DAI] })
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
    const res = await post(valid)
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ statusCode: 500, code: 'INTERNAL', message: 'Internal error.' })
  })
})

const ZERO = '0x0000000000000000000000000000000000000000'
const feeOk = { feeReceiver: DAI }
/** [THREATS id, body overrides, expected code]; each must be a 400 before any gRPC call. */
const badBodies: [string, string, Record<string, unknown>][] = [
  ['A1 fromAddress missing', 'MISSING_FIELD', { fromAddress: undefined }],
  ['A2 short address', 'INVALID_ADDRESS', { fromAddress: '0x1234' }],
  ['A2 41 hex digits', 'INVALID_ADDRESS', { fromAddress: `0x${'a'.repeat(41)}` }],
  ['A2 no 0x prefix', 'INVALID_ADDRESS', { fromAddress: FROM.slice(2) }],
  ['A2 0X prefix', 'INVALID_ADDRESS', { fromAddress: `0X${FROM.slice(2)}` }],
  ['A3 non-hex', 'INVALID_ADDRESS', { fromAddress: `0x${'g'.repeat(40)}` }],
  ['A4 one flipped checksum letter', 'INVALID_CHECKSUM', { fromAddress: `0xD8dA${FROM.slice(6)}` }],
  ['A7 zero receiver', 'INVALID_RECEIVER', { receiver: ZERO }],
  ['A7 zero feeReceiver', 'INVALID_RECEIVER', { fee: ['1'], feeReceiver: ZERO }],
  ['A7 zero refundReceiver', 'INVALID_RECEIVER', { refundReceiver: ZERO }],
  ['A11 zero address as native', 'INVALID_TOKEN', { tokenIn: [ZERO] }],
  ['A12 tokenIn == tokenOut (case only)', 'SAME_TOKEN', { tokenOut: [USDC.toLowerCase()] }],
  ['A14 duplicate tokenIn', 'DUPLICATE_TOKEN', { tokenIn: [USDC, USDC.toLowerCase()], amountIn: ['1', '1'] }],
  ['A14 native twice', 'DUPLICATE_TOKEN', { tokenIn: [NATIVE, NATIVE.toLowerCase()], amountIn: ['1', '1'] }],
  ['B1 zero amount', 'INVALID_AMOUNT', { amountIn: ['0'] }],
  ...['-1', '+5', ' 12 ', '00012', '', ' '].map((a): [string, string, Record<string, unknown>] => [`B2 amount ${JSON.stringify(a)}`, 'INVALID_AMOUNT', { amountIn: [a] }]),
  ...['0x10', '0o7', '0b11'].map((a): [string, string, Record<string, unknown>] => [`B3 amount ${a}`, 'INVALID_AMOUNT', { amountIn: [a] }]),
  ...['1e30', '1.5', '１２', '1_000'].map((a): [string, string, Record<string, unknown>] => [`B4 amount ${a}`, 'INVALID_AMOUNT', { amountIn: [a] }]),
  ['B6 2^256', 'AMOUNT_TOO_LARGE', { amountIn: [(2n ** 256n).toString()] }],
  ['B8 10^1000', 'AMOUNT_TOO_LARGE', { amountIn: [`1${'0'.repeat(1000)}`] }],
  ['B10 minAmountOut -1', 'INVALID_AMOUNT', { minAmountOut: ['-1'] }],
  ['B10 minAmountOut hex', 'INVALID_AMOUNT', { minAmountOut: ['0x1'] }],
  ['B10 minAmountOut length', 'LENGTH_MISMATCH', { minAmountOut: ['1', '2'] }],
  ['C1 amountIn/tokenIn length', 'LENGTH_MISMATCH', { amountIn: ['1', '2'] }],
  ['C2 fee/amountIn length', 'LENGTH_MISMATCH', { fee: ['1', '1'], ...feeOk }],
  ['C3 empty tokenIn', 'MISSING_FIELD', { tokenIn: [], amountIn: [] }],
  ['C4 10 000 items', 'TOO_MANY_ITEMS', { tokenIn: Array(10_000).fill(USDC), amountIn: Array(10_000).fill('1') }],
  ['C5 scalar tokenIn on POST', 'INVALID_TYPE', { tokenIn: USDC }],
  ['C7 typo key', 'UNKNOWN_FIELD', { tokenInn: [USDC] }],
  ['C7 constructor key', 'UNKNOWN_FIELD', { constructor: 1 }],
  ['C9 variableEstimates missing', 'MISSING_FIELD', { variableEstimates: undefined }],
  ...['10001', '-1', 'abc', '50.5'].map((s): [string, string, Record<string, unknown>] => [`D1 slippage ${s}`, 'INVALID_SLIPPAGE', { slippage: s }]),
  ...['101', '-1', '1.5'].map((f): [string, string, Record<string, unknown>] => [`D5 fee ${f}`, 'INVALID_FEE', { fee: [f], ...feeOk }]),
  ['D6 fee without feeReceiver', 'FEE_RECEIVER_REQUIRED', { fee: ['1'] }],
  ['D9 referral 17 chars', 'REFERRAL_TOO_LONG', { referralCode: 'a'.repeat(17) }],
  ['D12 chainId 0', 'UNSUPPORTED_CHAIN', { chainId: 0 }],
  ['D12 chainId -1', 'UNSUPPORTED_CHAIN', { chainId: -1 }],
  ['D12 chainId 1.5', 'INVALID_TYPE', { chainId: 1.5 }],
  ['D12 chainId "1" (string on POST)', 'INVALID_TYPE', { chainId: '1' }],
  ['D12 chainId 2^53', 'UNSUPPORTED_CHAIN', { chainId: 2 ** 53 }],
  ['D16 unknown strategy', 'INVALID_STRATEGY', { routingStrategy: 'foo' }],
]

describe('POST /shortcuts/route rejects bad input with a 4xx before calling gRPC (THREATS §1–4)', () => {
  it.each(badBodies)('%s → %s', async (_id, code, overrides) => {
    const res = await post({ ...valid, ...overrides })
    const body = res.json()
    expect({ status: res.statusCode, code: body.code }).toEqual({ status: 400, code: expect.any(String) })
    expect(body.code).toBe(code)
    expect(body.error).toBe('Bad Request')
    expect(body.message).toEqual(expect.any(String))
    expect(body.requestId).toBe(res.headers['x-request-id'])
    // No route is asked for; an unsupported chain asks which chains are served, to list them.
    expect(gw.fake.calls.filter((c) => c.method !== 'Networks')).toHaveLength(0)
    if (code === 'UNSUPPORTED_CHAIN') expect(body.message).toMatch(/^chainId: Chain .* is not supported\. Supported chains: 1, 8453\.$/)
  })

  it('B5 an amount sent as a JSON number (precision already lost) → 400 INVALID_TYPE', async () => {
    const payload = JSON.stringify(valid).replace('["1000000000"]', '[123456789012345678901234567890]')
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_TYPE', details: [{ field: 'amountIn[0]' }] })
  })

  it('C7 __proto__ key is rejected by the JSON parser → 400 INVALID_JSON', async () => {
    const payload = JSON.stringify(valid).replace('{', '{"__proto__":{"polluted":1},')
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_JSON')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('A6 all-uppercase hex is accepted and forwarded verbatim', async () => {
    const upper = `0x${FROM.slice(2).toUpperCase()}`
    const res = await post({ ...valid, fromAddress: upper })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls[0]?.request).toMatchObject({ from_address: upper })
  })

  it('D12 an unknown chain passes the shape check and the gRPC UNSUPPORTED_CHAIN answer maps to 400', async () => {
    gw.fake.handlers.Route = (_call, cb) => cb(grpcError({ status: status.INVALID_ARGUMENT, envelope: { code: 'UNSUPPORTED_CHAIN', message: 'Chain 999999 is not supported. Supported chains: 1, 8453.' } }))
    const res = await post({ ...valid, chainId: 999999 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_CHAIN', message: 'Chain 999999 is not supported. Supported chains: 1, 8453.' })
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

  const base = `fromAddress=${FROM}&amountIn=1&tokenIn=${USDC}&tokenOut=${WETH}`
  const badQueries: [string, string, string][] = [ // [name, query, code]
    ['chainId not a number', `${base}&chainId=abc`, 'INVALID_TYPE'],
    ['chainId 1.5', `${base}&chainId=1.5`, 'INVALID_TYPE'],
    ['chainId 0', `${base}&chainId=0`, 'UNSUPPORTED_CHAIN'],
    ['toEoa not a boolean', `${base}&toEoa=yes`, 'INVALID_TYPE'],
    ['fromAddress repeated', `${base}&fromAddress=${FROM}`, 'INVALID_TYPE'],
    ['one list in two styles', `${base}&tokenIn[]=${DAI}`, 'INVALID_ARGUMENT'],
    ['unknown key', `${base}&tokenInn=${USDC}`, 'UNKNOWN_FIELD'],
    ['bracketed scalar', `${base}&receiver[]=${FROM}`, 'UNKNOWN_FIELD'],
    ['__proto__ key', `${base}&__proto__=x`, 'UNKNOWN_FIELD'],
    ['B1 zero amount', `fromAddress=${FROM}&amountIn=0&tokenIn=${USDC}&tokenOut=${WETH}`, 'INVALID_AMOUNT'],
    ['A4 flipped checksum', `fromAddress=0xD8dA${FROM.slice(6)}&amountIn=1&tokenIn=${USDC}&tokenOut=${WETH}`, 'INVALID_CHECKSUM'],
    ['C1 length mismatch', `${base}&amountIn=2`, 'LENGTH_MISMATCH'],
    ['empty list item', `fromAddress=${FROM}&amountIn=1,&tokenIn=${USDC}&tokenOut=${WETH}`, 'INVALID_AMOUNT'],
    ['D1 slippage', `${base}&slippage=10001`, 'INVALID_SLIPPAGE'],
    ['D16 strategy', `${base}&routingStrategy=foo`, 'INVALID_STRATEGY'],
    ['variableEstimates not JSON', `${base}&variableEstimates=%7Bx`, 'INVALID_ARGUMENT'],
    ['variableEstimates too deep', `${base}&variableEstimates=${'%5B'.repeat(40)}${'%5D'.repeat(40)}`, 'TOO_DEEP'],
    ['missing everything', '', 'MISSING_FIELD'],
  ]
  it.each(badQueries.map(([n, q, c]) => [n, c, q] as const))('%s → %s', async (_name, code, q) => {
    const res = await gw.app.inject({ method: 'GET', url: `${URL}?${q}`, headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(code)
    expect(gw.fake.calls.filter((c) => c.method !== 'Networks')).toHaveLength(0)
  })
})

describe('validator totality at the REST layer (THREATS §11.1)', () => {
  const keys = [...Object.keys(valid), 'receiver', 'fee', 'feeReceiver', 'slippage', 'minAmountOut', 'referralCode', 'toEoa', 'x']
  it('any JSON value in any field gives 200 or a typed 400, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 6 }), async (key, value) => {
        const res = await post({ ...valid, [key]: value })
        expect([200, 400]).toContain(res.statusCode)
        if (res.statusCode === 400) expect(res.json().code).toMatch(/^[A-Z_]+$/)
      }),
      { numRuns: 150 },
    )
  })

  it('any whole body gives 200 or a typed 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 50 }), async (body) => {
        const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
        expect(res.statusCode).toBeGreaterThanOrEqual(400)
        expect(res.statusCode).toBeLessThan(500)
      }),
      { numRuns: 100 },
    )
  })

  it('any query string gives 200 or a typed 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...keys, 'tokenIn[]', 'amountIn[]'), fc.string({ maxLength: 50 })), { maxLength: 8 }), async (pairs) => {
        const q = new URLSearchParams([['fromAddress', FROM], ['amountIn', '1'], ['tokenIn', USDC], ['tokenOut', WETH], ...pairs]).toString()
        const res = await gw.app.inject({ method: 'GET', url: `${URL}?${q}`, headers })
        expect([200, 400]).toContain(res.statusCode)
      }),
      { numRuns: 150 },
    )
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
