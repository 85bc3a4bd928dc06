import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { EnsoClient } from '@ensofinance/sdk'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../scripts/build.mjs'
import { startDevnet, type Devnet } from '../../src/chain/devnet/startDevnet.js'
import type { configSchema as ConfigSchema } from '../../src/config.js'
import type { RunningSwitchyard, startSwitchyard as StartSwitchyard } from '../../src/startSwitchyard.js'

/**
 * The service as `npm start` runs it: built by scripts/build.mjs (transpile-only), into a private
 * folder beside dist/ (same depth, so paths the built code resolves from its own place hold), with the
 * engine workers and the gateway thread started from their one-file bundles. Pointed at the devnet's
 * chain 1 as an external node (the devnet's cache is keyed on the source it runs from, so the built
 * code boots no devnet of its own), it answers a route through the SDK and serves the files the
 * bundled gateway finds from the project's root (the OpenAPI document's version from package.json,
 * the protos through gRPC, Swagger UI's assets from its package).
 */

const repo = resolve(import.meta.dirname, '../..')
const outDir = join(repo, `.dist-test-${process.pid}`)
const KEY = 'built-service-e2e-key-0123456789ab'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

let devnet: Devnet
let sy: RunningSwitchyard | undefined
let built: { startSwitchyard: typeof StartSwitchyard; configSchema: typeof ConfigSchema; workerFile: string; gatewayFile: string }

beforeAll(async () => {
  const report = await build({ root: repo, typecheck: false, outDir })
  expect(report).toMatchObject({ skipped: false, mode: 'transpile' })
  const load = <T>(rel: string) => import(pathToFileURL(join(outDir, rel)).href) as Promise<T>
  const [entry, config, pool, thread] = await Promise.all([
    load<{ startSwitchyard: typeof StartSwitchyard }>('startSwitchyard.js'),
    load<{ configSchema: typeof ConfigSchema }>('config.js'),
    load<{ workerLocation: () => { filename: string } }>('engine/pool.js'),
    load<{ builtEntryOf: (u: URL) => URL }>('threads/createThread.js'),
  ])
  built = {
    startSwitchyard: entry.startSwitchyard,
    configSchema: config.configSchema,
    workerFile: pool.workerLocation().filename,
    gatewayFile: thread.builtEntryOf(pathToFileURL(join(outDir, 'gateway/thread/gatewayThread.js'))).href,
  }
  devnet = await startDevnet({ chains: [1], ports: { 1: 0 } })
  const cfg = built.configSchema.parse({
    chains: [1], rpc: { '1': devnet.chains[1]!.rpcUrl }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', engineThreads: 1, rateLimitPerMinute: 100_000, relayer: 'off',
  })
  sy = await built.startSwitchyard({ config: cfg, logger: pino({ level: 'silent' }) })
}, 300_000)

afterAll(async () => {
  await sy?.stop()
  await devnet?.stop()
  rmSync(outDir, { recursive: true, force: true })
})

describe('the built service (npm start), its threads from their bundles', () => {
  it('starts the engine workers and the gateway thread from the one-file bundles', () => {
    expect(built.workerFile).toBe(pathToFileURL(join(outDir, 'engine/worker.bundle.js')).href)
    expect(built.gatewayFile).toBe(pathToFileURL(join(outDir, 'gateway/thread/gatewayThread.bundle.js')).href)
  })

  it('answers a route through the SDK (search in the bundled worker, REST in the bundled gateway)', async () => {
    const client = new EnsoClient({ apiKey: KEY, baseURL: `${sy!.httpUrl}/api/v1` })
    const route = await client.getRouteData({ fromAddress: '0x0000000000000000000000000000000000b17001', receiver: '0x0000000000000000000000000000000000b17001', chainId: 1, amountIn: ['1000000000'], tokenIn: [USDC], tokenOut: [WETH], routingStrategy: 'router' })
    expect(BigInt(route.amountOut as string)).toBeGreaterThan(0n)
    expect(route.route.length).toBeGreaterThan(0)
  })

  it('serves what the bundled gateway finds from the project root: the OpenAPI version, Swagger UI', async () => {
    const pkg = (await import(pathToFileURL(join(repo, 'package.json')).href, { with: { type: 'json' } })) as { default: { version: string } }
    const doc = (await (await fetch(`${sy!.httpUrl}/api/v1/openapi.json`)).json()) as { info: { version: string } }
    expect(doc.info.version).toBe(pkg.default.version)
    const ui = await fetch(`${sy!.httpUrl}/docs/static/index.html`)
    expect(ui.status).toBe(200)
  })
})
