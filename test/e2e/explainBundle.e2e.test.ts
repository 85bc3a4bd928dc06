import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 25 item 1 for bundles over both transports: `POST /shortcuts/bundle?explain=true` and the gRPC
 * BundleRequest.explain add the explanation (the source leg, its steps as simulated, its plan); without
 * it the body has no `explanation` key; an explained bundle replays by its quoteId.
 */

const KEY = 'explain-bundle-key-0123456789abcdef'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

type Routing = grpc.Client & Record<'Bundle', (request: unknown, metadata: grpc.Metadata, callback: (error: grpc.ServiceError | null, response: Record<string, any>) => void) => void>
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
const actions = [{ protocol: 'enso', action: 'route', args: { tokenIn: USDC, tokenOut: WETH, amountIn: '2000000000' } }]
const bundle = (extra: Record<string, string> = {}) =>
  fetch(`${sy.httpUrl}/api/v1/shortcuts/bundle?${new URLSearchParams({ fromAddress: FROM, chainId: '1', ...extra })}`, { method: 'POST', headers, body: JSON.stringify(actions) })
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> })

describe('explained bundles over REST and gRPC', () => {
  test('REST: explain=true carries the explanation (steps into WETH add up to amountsOut); without it there is no key; the quoteId replays', async () => {
    const explained = await json(await bundle({ explain: 'true' }))
    expect(explained.status).toBe(200)
    const e = explained.body.explanation
    expect(e.quoteId).toMatch(/^q_[0-9a-f]{32}$/)
    expect(e.blockNumber).toBe(String(explained.body.createdAt))
    expect(e.legs.map((l: { chainId: number }) => l.chainId)).toEqual([1])
    expect(e.steps.length).toBeGreaterThan(0)
    const intoWeth = e.steps.filter((s: { tokenOut: string }) => s.tokenOut === WETH)
    expect(intoWeth.every((s: { amountsFrom: string }) => s.amountsFrom === 'simulation')).toBe(true)
    expect(intoWeth.reduce((t: bigint, s: { amountOut: string }) => t + BigInt(s.amountOut), 0n).toString()).toBe(explained.body.amountsOut[WETH])
    expect(e.plan.length).toBeGreaterThan(0)
    // Gas per command and per step from debug_traceCall (anvil traces).
    expect(e.plan.every((c: { gas?: string }) => BigInt(c.gas ?? 0) > 0n)).toBe(true)
    expect(e.steps.every((s: { gas?: string }) => BigInt(s.gas ?? 0) > 0n)).toBe(true)
    const plain = await json(await bundle())
    expect(plain.status).toBe(200)
    expect(Object.keys(plain.body)).toEqual(Object.keys(explained.body).filter((k) => k !== 'explanation'))
    const replay = await json(await fetch(`${sy.httpUrl}/api/v1/shortcuts/replay`, { method: 'POST', headers, body: JSON.stringify({ quoteId: e.quoteId }) }))
    expect(replay).toMatchObject({ status: 200, body: { same: true, differences: [] } })
  })

  test('gRPC: BundleRequest.explain fills BundleResponse.explanation; unset leaves it out', async () => {
    const call = (explain?: boolean) =>
      new Promise<Record<string, any>>((resolve, reject) => {
        const metadata = new grpc.Metadata()
        metadata.set('authorization', `Bearer ${KEY}`)
        routing.Bundle({ from_address: FROM, chain_id: 1, actions_json: JSON.stringify(actions), ...(explain === undefined ? {} : { explain }) }, metadata, (error, response) => (error ? reject(error) : resolve(response)))
      })
    const explained = await call(true)
    expect(explained.explanation.quote_id).toMatch(/^q_/)
    expect(explained.explanation.legs).toHaveLength(1)
    expect(explained.explanation.steps.length).toBeGreaterThan(0)
    expect((await call()).explanation).toBeNull()
  })
})
