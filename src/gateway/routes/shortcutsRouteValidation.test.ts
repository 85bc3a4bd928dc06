/**
 * The shortcuts plugin refuses bad input with a typed 4xx before any gRPC call (THREATS §1–4), on POST
 * bodies and GET queries alike, and no input gives a 5xx (THREATS §11.1). What valid requests map to is in
 * `shortcuts.test.ts`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { status } from '@grpc/grpc-js'
import fc from 'fast-check'
import { grpcError } from '../testing/grpcError.js'
import { API_KEY, DAI, FROM, NATIVE, USDC, WETH, startTestGateway } from '../testing/startTestGateway.js'
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

function post(body: unknown) {
  return gw.app.inject({ method: 'POST', url: URL, headers, payload: body as object })
}

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
    const res = await post({ ...validRouteRequest, ...overrides })
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
    const payload = JSON.stringify(validRouteRequest).replace('["1000000000"]', '[123456789012345678901234567890]')
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_TYPE', details: [{ field: 'amountIn[0]' }] })
  })

  it('C7 __proto__ key is rejected by the JSON parser → 400 INVALID_JSON', async () => {
    const payload = JSON.stringify(validRouteRequest).replace('{', '{"__proto__":{"polluted":1},')
    const res = await gw.app.inject({ method: 'POST', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_JSON')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('A6 all-uppercase hex is accepted and forwarded verbatim', async () => {
    const upper = `0x${FROM.slice(2).toUpperCase()}`
    const res = await post({ ...validRouteRequest, fromAddress: upper })
    expect(res.statusCode).toBe(200)
    expect(gw.fake.calls[0]?.request).toMatchObject({ from_address: upper })
  })

  it('D12 an unknown chain passes the shape check and the gRPC UNSUPPORTED_CHAIN answer maps to 400', async () => {
    gw.fake.handlers.Route = (_call, cb) => cb(grpcError({ status: status.INVALID_ARGUMENT, envelope: { code: 'UNSUPPORTED_CHAIN', message: 'Chain 999999 is not supported. Supported chains: 1, 8453.' } }))
    const res = await post({ ...validRouteRequest, chainId: 999999 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_CHAIN', message: 'Chain 999999 is not supported. Supported chains: 1, 8453.' })
  })
})

describe('GET /shortcuts/route rejects bad queries with a 400 before calling gRPC', () => {
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
  const keys = [...Object.keys(validRouteRequest), 'receiver', 'fee', 'feeReceiver', 'slippage', 'minAmountOut', 'referralCode', 'toEoa', 'x']
  it('any JSON value in any field gives 200 or a typed 400, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 6 }), async (key, value) => {
        const res = await post({ ...validRouteRequest, [key]: value })
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
