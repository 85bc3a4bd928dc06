import { Redis } from 'ioredis'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../src/chain/devnet/startDevnet.js'
import { configSchema } from '../src/config.js'
import { startRedisServer, type RedisServer } from '../src/service/store/testing/startRedisServer.js'
import { startSwitchyard, type RunningSwitchyard } from '../src/startSwitchyard.js'

// Scale-out (issue 12): two replicas (gateway + gRPC + services each) on one external node and one
// real redis-server share one budget per key. Without a shared store each replica would admit the
// full limit, so a burst split across them would get twice the configured limit.
const KEY = 'scale-out-key-0123456789abcdef'
const LIMIT = 50
/** A second key: its own budget, for the route test. */
const ROUTE_KEY = 'scale-out-route-key-0123456789ab'
const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

let redis: RedisServer
let devnet: Devnet
const replicas: RunningSwitchyard[] = []

beforeAll(async () => {
  redis = await startRedisServer()
  devnet = await startDevnet({ chains: [1], ports: { 1: 0 } })
  const rpcUrl = devnet.chains[1]!.rpcUrl
  for (let i = 0; i < 2; i++) {
    const config = configSchema.parse({
      chains: [1], rpc: { '1': rpcUrl }, httpPort: 0, grpcPort: 0, apiKeys: [KEY, ROUTE_KEY], rateLimitPerMinute: LIMIT,
      logLevel: 'silent', engineThreads: 1, redisUrl: redis.url,
    })
    replicas.push(await startSwitchyard({ config, logger: pino({ level: 'silent' }) }))
  }
}, 180_000)

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()))
  await devnet?.stop()
  await redis?.stop()
})

describe('two replicas on one Redis', () => {
  it('admit the configured per-key limit in total across a burst of 200 requests', async () => {
    const ask = async (i: number) => {
      const res = await fetch(`${replicas[i % 2]!.httpUrl}/api/v1/networks`, { headers: { authorization: `Bearer ${KEY}` } })
      await res.arrayBuffer()
      return { status: res.status, replica: i % 2, limit: res.headers.get('x-ratelimit-limit'), retryAfter: res.headers.get('retry-after') }
    }
    // One request to each replica first, so both are known to serve from the budget whatever order the
    // burst's requests reach them in (under load one replica can take the whole budget's share first).
    const first = [await ask(0), await ask(1)]
    const answers = [...first, ...(await Promise.all(Array.from({ length: 198 }, (_, i) => ask(i))))]
    const ok = answers.filter((a) => a.status === 200)
    const limited = answers.filter((a) => a.status === 429)
    expect(ok.length).toBe(LIMIT)
    expect(limited.length).toBe(200 - LIMIT)
    // Both replicas served and both refused: the budget is one, not one per replica.
    expect(new Set(ok.map((a) => a.replica)).size).toBe(2)
    expect(new Set(limited.map((a) => a.replica)).size).toBe(2)
    expect(answers.every((a) => a.limit === String(LIMIT))).toBe(true)
    expect(limited.every((a) => Number(a.retryAfter) >= 1)).toBe(true)
  })

  it('share a route computed on one replica with the other (same block, same request)', async () => {
    const route = async (replica: RunningSwitchyard) => {
      const res = await fetch(`${replica.httpUrl}/api/v1/shortcuts/route`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ROUTE_KEY}` },
        body: JSON.stringify({ fromAddress: FROM, chainId: 1, tokenIn: [USDC], tokenOut: [WETH], amountIn: ['1000000000'], variableEstimates: {} }),
      })
      return { status: res.status, body: (await res.json()) as { amountOut?: unknown; gas?: unknown; route?: unknown; tx?: { to?: string } } }
    }
    const first = await route(replicas[0]!)
    expect(first.status).toBe(200)
    const client = new Redis(redis.url)
    const routeKeys = async () => (await client.keys('switchyard:cache:route|*')).filter((k) => !k.endsWith(':lock'))
    // The other replica answers from the stored computation: same amounts, gas and path (only the
    // per-request id in the calldata differs).
    const stored = await routeKeys()
    expect(stored.length).toBe(1)
    const second = await route(replicas[1]!)
    expect(second.status).toBe(200)
    // Same block version and request on both replicas: one key, not one per replica.
    expect(await routeKeys()).toEqual(stored)
    client.disconnect()
    expect(second.body.amountOut).toEqual(first.body.amountOut)
    expect(second.body.gas).toEqual(first.body.gas)
    expect(second.body.route).toEqual(first.body.route)
    expect(second.body.tx?.to).toBe(first.body.tx?.to)
  })

  it('refuses with 503 UNAVAILABLE while Redis is down (rate limits fail closed) and keeps serving afterwards', async () => {
    await redis.stop()
    const res = await fetch(`${replicas[0]!.httpUrl}/api/v1/networks`, { headers: { authorization: `Bearer ${KEY}` } })
    const body = (await res.json()) as { code?: string }
    expect(res.status).toBe(503)
    expect(body.code).toBe('UNAVAILABLE')
    // The process is still up: the unauthenticated metrics endpoint answers.
    expect((await fetch(`${replicas[1]!.httpUrl}/metrics`)).status).toBe(200)
  })
})
