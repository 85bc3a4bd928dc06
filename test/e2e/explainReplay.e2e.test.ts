import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 25 items 1 and 2 over both transports: `explain=true` on route (GET and POST) and quote adds
 * the explanation, the same on REST and gRPC; without it the body has no `explanation` key; REST and
 * gRPC replay an explained answer by its quoteId.
 */

const KEY = 'explain-replay-key-0123456789abcdef'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

type Routing = grpc.Client & Record<'Route' | 'Replay', (request: unknown, metadata: grpc.Metadata, callback: (error: grpc.ServiceError | null, response: Record<string, unknown>) => void) => void>
let sy: RunningSwitchyard
let routing: Routing

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

const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }
const body = { fromAddress: FROM, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['2000000000'], variableEstimates: {} }
const query = (extra: Record<string, string> = {}) => new URLSearchParams({ fromAddress: FROM, chainId: '1', tokenIn: USDC, tokenOut: WETH, amountIn: '2000000000', ...extra })
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> })
const grpcCall = (method: 'Route' | 'Replay', request: unknown) =>
  new Promise<Record<string, any>>((resolve, reject) => {
    const metadata = new grpc.Metadata()
    metadata.set('authorization', `Bearer ${KEY}`)
    routing[method](request, metadata, (error, response) => (error ? reject(error) : resolve(response)))
  })

describe('explain and replay over REST and gRPC', () => {
  test('POST and GET route with explain carry the explanation; without it there is no explanation key; the quote explains too', async () => {
    const post = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, { method: 'POST', headers, body: JSON.stringify({ ...body, explain: true }) }))
    expect(post.status).toBe(200)
    const e = post.body.explanation
    expect(e.quoteId).toMatch(/^q_[0-9a-f]{32}$/)
    expect(e.blockNumber).toBe(String(post.body.blockNumber))
    expect(e.steps.length).toBeGreaterThan(0)
    expect(e.steps.at(-1).amountOut).toBe(post.body.amountOut)
    expect(e.plan.length).toBeGreaterThan(0)
    expect(e.plan.every((c: { function: string }) => !c.function.startsWith('0x'))).toBe(true)
    expect(e.plan.some((c: { args: { fromCommand?: number }[] }) => c.args.some((a) => a.fromCommand !== undefined))).toBe(true)
    expect(e.candidates.find((c: { chosen: boolean }) => c.chosen)).toBeDefined()
    expect(typeof e.winner.reason).toBe('string')

    const get = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/route?${query({ explain: 'true' })}`, { headers: { authorization: headers.authorization } }))
    expect(get.status).toBe(200)
    expect(get.body.explanation.steps.map((s: { pool: string }) => s.pool)).toEqual(e.steps.map((s: { pool: string }) => s.pool))

    const plain = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, { method: 'POST', headers, body: JSON.stringify(body) }))
    expect(plain.status).toBe(200)
    expect(Object.keys(plain.body)).toEqual(Object.keys(post.body).filter((k) => k !== 'explanation'))
    const quote = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/quote?${query({ explain: 'true' })}`, { headers: { authorization: headers.authorization } }))
    expect(quote.body.explanation.steps.at(-1).amountOut).toBe(quote.body.amountOut)
    const plainQuote = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/quote?${query()}`, { headers: { authorization: headers.authorization } }))
    expect(plainQuote.body.explanation).toBeUndefined()
  })

  test('replay by quoteId: REST and gRPC answer same with the amount; an unknown quoteId is 404 QUOTE_NOT_FOUND; a body with nothing to replay is 400', async () => {
    const answer = await grpcCall('Route', { from_address: FROM, chain_id: 1, token_in: [USDC], token_out: [WETH], amount_in: ['3000000000'], explain: true })
    expect(answer.explanation.quote_id).toMatch(/^q_/)
    expect(answer.explanation.steps.at(-1).amount_out).toBe(answer.amount_out)
    const rest = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/replay`, { method: 'POST', headers, body: JSON.stringify({ quoteId: answer.explanation.quote_id }) }))
    expect(rest).toEqual({ status: 200, body: expect.objectContaining({ same: true, amountOut: answer.amount_out, blockNumber: answer.block_number, differences: [] }) })
    const viaGrpc = await grpcCall('Replay', { quote_id: answer.explanation.quote_id })
    expect(viaGrpc).toMatchObject({ same: true, amount_out: answer.amount_out })
    const missing = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/replay`, { method: 'POST', headers, body: JSON.stringify({ quoteId: `q_${'ab'.repeat(16)}` }) }))
    expect(missing).toMatchObject({ status: 404, body: { code: 'QUOTE_NOT_FOUND' } })
    const empty = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/replay`, { method: 'POST', headers, body: JSON.stringify({}) }))
    expect(empty).toMatchObject({ status: 400, body: { code: 'MISSING_FIELD' } })
  })
})
