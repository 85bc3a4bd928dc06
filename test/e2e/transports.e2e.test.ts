import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { getSwitchyardAddresses } from '../../src/contracts/deploySwitchyardContracts.js'
import { statusOf } from '../../src/errors/status.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * THREATS §1–4 and §7 against both real transports of one running switchyard (devnet, engine,
 * simulation): the same request gives the same stable code over REST and gRPC, always a clear 4xx,
 * never a 5xx. Plus a direct grpc-js Route call that returns a simulated route.
 */

const KEY = 'transport-test-key-0123456789'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

let sy: RunningSwitchyard
let routing: grpc.Client & { Route: (...args: unknown[]) => unknown }

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000 })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
}, 120_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

const base = { fromAddress: FROM, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1000000000'], variableEstimates: {} }

async function viaRest(body: unknown, key = KEY): Promise<{ status: number; code: string; message: string }> {
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body),
  })
  const json = (await res.json()) as { code?: string; message?: string }
  return { status: res.status, code: json.code ?? 'OK', message: json.message ?? '' }
}

function viaGrpc(body: Record<string, unknown>, key = KEY): Promise<{ grpc: number; code: string; response?: Record<string, unknown> }> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${key}`)
  return new Promise((resolve) => {
    routing.Route(toProtoRouteRequest(body as never), md, { deadline: Date.now() + 20_000 }, (err: grpc.ServiceError | null, res: Record<string, unknown>) => {
      if (!err) return resolve({ grpc: 0, code: 'OK', response: res })
      let code = String(err.metadata.get('switchyard-error-code')[0] ?? '')
      try {
        code = (JSON.parse(err.details) as { code: string }).code
      } catch {
        // keep the trailer
      }
      resolve({ grpc: err.code, code })
    })
  })
}

/** A gRPC Route call's error code and message (from the JSON details). */
function viaGrpcFull(body: Record<string, unknown>): Promise<{ code: string; message: string }> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve) => {
    routing.Route(toProtoRouteRequest(body as never), md, { deadline: Date.now() + 20_000 }, (err: grpc.ServiceError | null) => {
      resolve(err ? (JSON.parse(err.details) as { code: string; message: string }) : { code: 'OK', message: '' })
    })
  })
}

/** [id, body patch, expected code] — both transports must agree. */
const cases: [string, Record<string, unknown>, string][] = [
  ['A1 fromAddress missing', { fromAddress: undefined }, 'MISSING_FIELD'],
  ['A2 short address', { fromAddress: '0x1234' }, 'INVALID_ADDRESS'],
  ['A2 no 0x', { fromAddress: FROM.slice(2) }, 'INVALID_ADDRESS'],
  ['A3 non-hex', { fromAddress: `0x${'g'.repeat(40)}` }, 'INVALID_ADDRESS'],
  ['A4 flipped checksum', { fromAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96044'.replace('aF9D', 'Af9D') }, 'INVALID_CHECKSUM'],
  ['A7 zero receiver', { receiver: `0x${'0'.repeat(40)}` }, 'INVALID_RECEIVER'],
  ['A7 our router as receiver', { receiver: getSwitchyardAddresses().router }, 'INVALID_RECEIVER'],
  ['A7 our executor as refundReceiver', { refundReceiver: getSwitchyardAddresses().executor }, 'INVALID_RECEIVER'],
  ['A11 zero-address token', { tokenIn: [`0x${'0'.repeat(40)}`] }, 'INVALID_TOKEN'],
  ['A12 same token (case)', { tokenOut: [USDC.toLowerCase()] }, 'SAME_TOKEN'],
  ['A13 token without code', { tokenOut: ['0x00000000000000000000000000000000deadbeef'] }, 'NO_ROUTE'],
  ['A14 duplicate tokenIn', { tokenIn: [USDC, USDC.toLowerCase()], amountIn: ['1', '2'] }, 'DUPLICATE_TOKEN'],
  ['B1 zero amount', { amountIn: ['0'] }, 'INVALID_AMOUNT'],
  ['B2 negative', { amountIn: ['-1'] }, 'INVALID_AMOUNT'],
  ['B2 leading zeros', { amountIn: ['00012'] }, 'INVALID_AMOUNT'],
  ['B3 hex', { amountIn: ['0x10'] }, 'INVALID_AMOUNT'],
  ['B4 exponent', { amountIn: ['1e30'] }, 'INVALID_AMOUNT'],
  ['B6 2^256', { amountIn: ['115792089237316195423570985008687907853269984665640564039457584007913129639936'] }, 'AMOUNT_TOO_LARGE'],
  ['B7 2^256-1', { amountIn: ['115792089237316195423570985008687907853269984665640564039457584007913129639935'] }, 'NO_ROUTE'],
  // Issue 24 item 6: ETH and WETH route as one token; their sum passing 2^256-1 is the caller's input.
  ['B6 ETH + WETH summing past 2^256-1', { tokenIn: [NATIVE, WETH], tokenOut: [USDC], amountIn: ['115792089237316195423570985008687907853269984665640564039457584007913129639935', '1'] }, 'AMOUNT_TOO_LARGE'],
  ['B8 1001 digits', { amountIn: ['1'.repeat(1001)] }, 'AMOUNT_TOO_LARGE'],
  ['B10 minAmountOut length', { minAmountOut: ['1', '2'] }, 'LENGTH_MISMATCH'],
  ['C1 length mismatch', { amountIn: ['1', '2'] }, 'LENGTH_MISMATCH'],
  ['C3 empty tokenIn', { tokenIn: [], amountIn: [] }, 'MISSING_FIELD'],
  ['C4 too many items', { tokenIn: Array.from({ length: 100 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`), amountIn: Array.from({ length: 100 }, () => '1') }, 'TOO_MANY_ITEMS'],
  ['D1 slippage 10001', { slippage: '10001' }, 'INVALID_SLIPPAGE'],
  ['D1 slippage 50.5', { slippage: '50.5' }, 'INVALID_SLIPPAGE'],
  ['D5 fee 101', { fee: ['101'], feeReceiver: FROM }, 'INVALID_FEE'],
  ['D6 fee without receiver', { fee: ['10'] }, 'FEE_RECEIVER_REQUIRED'],
  ['D9 referral 17 chars', { referralCode: 'x'.repeat(17) }, 'REFERRAL_TOO_LONG'],
  ['D12 unknown chain', { chainId: 999999 }, 'UNSUPPORTED_CHAIN'],
  ['D14 destination = source', { destinationChainId: 1, receiver: FROM }, 'SAME_CHAIN_BRIDGE'],
  ['D15 destination without receiver', { destinationChainId: 8453 }, 'MISSING_FIELD'],
  ['D16 unknown strategy', { routingStrategy: 'foo' }, 'INVALID_STRATEGY'],
  // Issue 24 item 10: the reference types variableEstimates as a (non-nullable) object.
  ['C9 variableEstimates null', { variableEstimates: null }, 'INVALID_TYPE'],
]

describe('bad input gives the same clear 4xx on REST and gRPC', () => {
  test.each(cases)('%s', async (_id, patch, code) => {
    const body: Record<string, unknown> = { ...base, ...patch }
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete body[k]
    const rest = await viaRest(body)
    expect(rest.code).toBe(code)
    expect(rest.status).toBe(statusOf(code).http)
    expect(rest.status).toBeGreaterThanOrEqual(400)
    expect(rest.status).toBeLessThan(500)
    if (code === 'NO_ROUTE') expect(rest.message).toBe('Could not build shortcuts for route')
    const g = await viaGrpc(body)
    expect(g.code).toBe(code)
    expect(g.grpc).toBe(statusOf(code).grpc)
  })

  test('REST-only type errors (B5 number, C5 scalar, C7 unknown key, C9 no variableEstimates)', async () => {
    expect((await viaRest({ ...base, amountIn: [123456789012345678901234567890] })).code).toBe('INVALID_TYPE')
    expect((await viaRest({ ...base, tokenIn: USDC })).code).toBe('INVALID_TYPE')
    expect((await viaRest({ ...base, tokenInn: [USDC] })).code).toBe('UNKNOWN_FIELD')
    const { variableEstimates: _, ...noEstimates } = base
    expect((await viaRest(noEstimates)).code).toBe('MISSING_FIELD')
  })

  test('issue 24 item 8: chainId and destinationChainId 0, -1 or 2^53 are UNSUPPORTED_CHAIN listing the served chains; 1.5 is INVALID_TYPE', async () => {
    for (const [field, value] of [['chainId', 0], ['chainId', -1], ['chainId', 2 ** 53], ['destinationChainId', 0], ['destinationChainId', 2 ** 53]] as const) {
      const body = { ...base, [field]: value, ...(field === 'destinationChainId' ? { receiver: FROM } : {}) }
      const rest = await viaRest(body)
      expect(rest.code, `${field} ${value}`).toBe('UNSUPPORTED_CHAIN')
      expect(rest.message).toContain('Supported chains: 1.')
      // A uint64 cannot carry -1: over gRPC the nearest request is chain 0.
      const g = await viaGrpcFull(body)
      expect(g.code, `${field} ${value}`).toBe('UNSUPPORTED_CHAIN')
      expect(g.message).toContain('Supported chains: 1.')
    }
    expect((await viaRest({ ...base, chainId: 1.5 })).code).toBe('INVALID_TYPE')
    expect((await viaRest({ ...base, chainId: '1' })).code).toBe('INVALID_TYPE')
  })

  test('issue 24 item 5: variableEstimates nested 5,000 deep is TOO_DEEP on both transports (gRPC carries it as text)', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`
    const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: `{"fromAddress":"${FROM}","chainId":1,"tokenIn":["${USDC}"],"tokenOut":["${WETH}"],"amountIn":["1000000000"],"variableEstimates":${deep}}`,
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('TOO_DEEP')
    const md = new grpc.Metadata()
    md.set('authorization', `Bearer ${KEY}`)
    const request = { ...toProtoRouteRequest(base as never), variable_estimates_json: deep }
    const code = await new Promise<string>((resolve) => {
      routing.Route(request, md, { deadline: Date.now() + 20_000 }, (err: grpc.ServiceError | null) => resolve(err ? (JSON.parse(err.details) as { code: string }).code : 'OK'))
    })
    expect(code).toBe('TOO_DEEP')
  })

  test('H1–H3: missing or unknown keys are 401 on both transports', async () => {
    expect((await viaRest(base, 'unknown-but-well-formed-key-123')).status).toBe(401)
    expect((await viaGrpc(base, 'unknown-but-well-formed-key-123')).grpc).toBe(grpc.status.UNAUTHENTICATED)
    const res = await fetch(`${sy.httpUrl}/api/v1/networks`)
    expect(res.status).toBe(401)
  })
})

describe('valid routes on both transports', () => {
  test('gRPC Route returns a simulated route; REST agrees on the same block', async () => {
    const g = await viaGrpc({ ...base, tokenIn: [NATIVE], amountIn: ['1000000000000000000'] })
    expect(g.code).toBe('OK')
    const r = g.response as { amount_out: string; gas: string; created_at: string; tx: { value: string; to: string } }
    expect(BigInt(r.amount_out)).toBeGreaterThan(2_900n * 10n ** 6n)
    expect(Number(r.gas)).toBeGreaterThan(50_000)
    expect(r.tx.value).toBe('1000000000000000000')
    const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ ...base, tokenIn: [NATIVE], amountIn: ['1000000000000000000'] }),
    })
    const rest = (await res.json()) as { amountOut: string; createdAt: number; tx: { value: string; to: string } }
    // Both transports must answer before their amounts are compared: a failing REST call fails here.
    expect(res.status, JSON.stringify(rest)).toBe(200)
    expect(BigInt(rest.amountOut)).toBeGreaterThan(2_900n * 10n ** 6n)
    expect(rest.tx.value).toBe('1000000000000000000')
    expect(rest.tx.to.toLowerCase()).toBe(r.tx.to.toLowerCase())
    expect(rest.createdAt).toBeGreaterThanOrEqual(Number(r.created_at))
    if (rest.createdAt === Number(r.created_at)) expect(rest.amountOut).toBe(r.amount_out)
  })

  test('B9: a sender without funds still gets a route (spec)', async () => {
    const rest = await viaRest({ ...base, fromAddress: '0x000000000000000000000000000000000001dead', amountIn: ['5000000000000'] })
    expect(rest.status).toBe(200)
  })
})
