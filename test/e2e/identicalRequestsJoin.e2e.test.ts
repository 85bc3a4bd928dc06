import * as grpc from '@grpc/grpc-js'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { configSchema } from '../../src/config.js'
import { toProtoRouteRequest } from '../../src/gateway/mapping/toProtoRouteRequest.js'
import { loadProtoDefinition } from '../../src/grpc/loadProtoDefinition.js'
import { startSwitchyard, type RunningSwitchyard } from '../../src/startSwitchyard.js'

/**
 * Issue 22 item 5: identical concurrent requests share one computation instead of being shed. With an
 * in-flight bound of 2, 100 identical routes sent at once are all answered (one search, one simulation),
 * on both transports; 100 distinct ones past the bound are partly refused OVERLOADED, as before.
 */

const KEY = 'identical-requests-join-key-0123456789'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

let sy: RunningSwitchyard
let routing: grpc.Client & { Route: (...args: unknown[]) => unknown }

beforeAll(async () => {
  const config = configSchema.parse({ chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, maxInflight: 2, rateLimitPerMinute: 1_000_000, relayer: 'off' })
  sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
  const proto = grpc.loadPackageDefinition(loadProtoDefinition({})) as unknown as { switchyard: { routing: { v1: { RoutingService: grpc.ServiceClientConstructor } } } }
  routing = new proto.switchyard.routing.v1.RoutingService(sy.grpcAddress, grpc.credentials.createInsecure()) as never
  // Warm the chain's snapshot and the token checks, so the runs below measure admission only.
  expect((await viaRest(body('999999'))).status).toBe(200)
}, 120_000)
afterAll(async () => {
  routing?.close()
  await sy?.stop()
})

const body = (amountIn: string) => ({ fromAddress: FROM, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: [amountIn], variableEstimates: {} })

async function viaRest(b: unknown): Promise<{ status: number; code?: string; amountOut?: string }> {
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body: JSON.stringify(b) })
  const json = (await res.json()) as { code?: string; amountOut?: string }
  return { status: res.status, ...json }
}

function viaGrpc(b: Record<string, unknown>): Promise<{ code: string; amountOut?: string | undefined }> {
  const md = new grpc.Metadata()
  md.set('authorization', `Bearer ${KEY}`)
  return new Promise((resolve) => {
    routing.Route(toProtoRouteRequest(b as never), md, { deadline: Date.now() + 60_000 }, (err: grpc.ServiceError | null, res: { amount_out?: string }) => {
      if (!err) return resolve({ code: 'OK', amountOut: res.amount_out })
      resolve({ code: (JSON.parse(err.details) as { code: string }).code })
    })
  })
}

const tally = (codes: string[]) => codes.reduce<Record<string, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {})

describe('identical concurrent requests share one computation instead of being shed (in-flight bound 2)', () => {
  test('REST: 100 identical routes at once are all answered, with one amountOut', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => viaRest(body('1000000000'))))
    expect(tally(answers.map((a) => String(a.status)))).toEqual({ 200: 100 })
    expect(new Set(answers.map((a) => a.amountOut)).size).toBe(1)
  })

  test('gRPC: 100 identical routes at once are all answered', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => viaGrpc(body('2000000000'))))
    expect(tally(answers.map((a) => a.code))).toEqual({ OK: 100 })
    expect(new Set(answers.map((a) => a.amountOut)).size).toBe(1)
  })

  test('100 distinct routes at once: past the bound those that cannot join are still refused OVERLOADED', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => viaRest(body(String(3_000_000_000 + i)))))
    const t = tally(answers.map((a) => (a.status === 200 ? '200' : `${a.status} ${a.code}`)))
    expect(Object.keys(t).sort()).toEqual(['200', '503 OVERLOADED'])
    expect(t['503 OVERLOADED']).toBeGreaterThan(50)
  })
})
