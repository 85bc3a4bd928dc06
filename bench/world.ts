/**
 * `npm run bench:world [-- options]` (issue 20): switchyard against a world of mainnet scale. It starts
 * the devnet of a scenario (default the generated `large` one; built once and cached, like the default
 * scenario), then points a switchyard at one of its chains as an external node and measures:
 * - cold discovery from an empty state directory (start-up to ready), and the resident memory after it,
 *   as the operator sees it and after a full collection of every thread's heap (what the service keeps:
 *   start-up's garbage, discovery's logs and readings, waits for V8's next major collection);
 * - route latency at one connection over seeded pairs (hubs and generated tokens);
 * - warm restart on the same state directory;
 * - the snapshot store's full load, and its refresh after each block of traffic at the chosen pace
 *   (`createTraffic`), with whether answers stay on the head;
 * and prints one table (p50, p99, p99.9, max). Options:
 *   --scenario path   scenario file (default src/chain/devnet/scenarios/large.json)
 *   --chain id        the chain measured (default 1)
 *   --routes n        routes at one connection (default 300)
 *   --blocks n        traffic blocks (default 30)
 *   --per-block n     traffic transactions per block (default 500, Base's pace)
 *   --seed s          seed of the pairs and the traffic (default `bench-world`)
 *   --service m       `dist` (default): the service as `npm start` runs it, from the built dist/ (built
 *                     first when out of date, transpile-only as `npm start` does); `src`: through tsx, whose
 *                     loader transpiles every module again in each worker and gateway thread at each start
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { pino } from 'pino'
import { createPublicClient, http, type Address, type PublicClient } from 'viem'
import { defaultScenarioPath } from '../src/chain/devnet/scenario.js'
import { startDevnet } from '../src/chain/devnet/startDevnet.js'
import { createTraffic } from '../src/chain/devnet/world/createTraffic.js'
import { createWorldRandom } from '../src/chain/devnet/world/createWorldRandom.js'
import { createSnapshotStore } from '../src/data/createSnapshotStore.js'
import type { RunningSwitchyard } from '../src/startSwitchyard.js'
import { loadService } from './loadService.js'
import { summarizeLatency } from './stats.js'

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: join(defaultScenarioPath, '..', 'large.json') },
    chain: { type: 'string', default: '1' },
    routes: { type: 'string', default: '300' },
    blocks: { type: 'string', default: '30' },
    'per-block': { type: 'string', default: '500' },
    seed: { type: 'string', default: 'bench-world' },
    service: { type: 'string', default: 'dist' },
  },
})
const chainId = Number(values.chain)
const KEY = 'bench-world-key-0123456789abcdef'
const log = (line: string) => process.stdout.write(`${line}\n`)
const mb = (bytes: number) => Math.round(bytes / 2 ** 20)

let t = performance.now()
const devnet = await startDevnet({ scenarioPath: values.scenario, log })
const node = devnet.chains[chainId]!
log(`devnet up in ${Math.round(performance.now() - t)} ms`)
const stateDir = mkdtempSync(join(tmpdir(), 'bench-world-'))
const service = await loadService(values.service)
log(`service from ${values.service === 'dist' ? 'dist/ (as npm start runs it)' : 'src/ through tsx'}`)
const start = async (): Promise<{ sy: RunningSwitchyard; ms: number }> => {
  const started = performance.now()
  const { configSchema, startSwitchyard } = service
  const config = configSchema.parse({ chains: [chainId], rpc: { [String(chainId)]: node.rpcUrl }, stateDir, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'warn', rateLimitPerMinute: 10_000_000 })
  const sy = await startSwitchyard({ config, logger: pino({ level: 'warn' }) })
  return { sy, ms: performance.now() - started }
}
const rows: string[] = []
const row = (line: string) => {
  rows.push(line)
  log(line)
}
process.on('uncaughtException', (error) => log(`uncaught: ${error.stack ?? String(error)}`))
try {
  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  const cold = await start()
  const rss = process.memoryUsage().rss
  const discovery = cold.sy.connected.chains[chainId]!.discovery!
  const book = cold.sy.connected.chains[chainId]!.addressBook
  row(`| cold discovery, empty state directory | ${Math.round(cold.ms)} ms | pools indexed / above the floor: ${Object.entries(discovery.pools).map(([k, c]) => `${k} ${c.indexed}/${c.aboveFloor}`).join(', ')}; ${discovery.tokens} tokens |`)
  row(`| resident memory after start | ${mb(rss)} MB | this process (service and bench client), ${mb(rss - rssBefore)} MB over the bench before start |`)

  // Routes at one connection: USDC or WETH against seeded tokens of the served book.
  const random = createWorldRandom(values.seed)
  // Tokens of the search graph: those with a pool above the floor (the book also lists tokens of pools below it).
  const pooled = new Set([...book.uniswapV2.pairs.flatMap((p) => [p.token0, p.token1]), ...book.uniswapV3.pools.flatMap((p) => [p.token0, p.token1]), ...book.balancerV2.pools.flatMap((p) => p.tokens)].map((a) => a.toLowerCase()))
  const symbols = Object.keys(book.tokens).filter((s) => book.tokens[s]!.kind !== 'feeOnTransfer' && pooled.has(book.tokens[s]!.address.toLowerCase()))
  const hubs = ['USDC', 'WETH'].filter((s) => book.tokens[s])
  const latencies: number[] = []
  let ok = 0
  const outcomes = new Map<string, number>()
  const routesStarted = performance.now()
  for (let i = 0; i < Number(values.routes); i++) {
    const hub = book.tokens[random.pick(hubs)]!
    const other = book.tokens[random.pick(symbols)]!
    if (other.address === hub.address) continue
    const amountIn = (10n ** BigInt(hub.decimals) * BigInt(1 + random.int(5_000))) / (hub.symbol === 'WETH' ? 1_000n : 1n)
    const url = `${cold.sy.httpUrl}/api/v1/shortcuts/route?chainId=${chainId}&fromAddress=0x0000000000000000000000000000000000b3c401&tokenIn=${hub.address}&tokenOut=${other.address}&amountIn=${amountIn}`
    const s = performance.now()
    const res = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } })
    const body = (await res.json()) as { code?: string; detail?: string }
    if (res.status !== 200 && outcomes.size < 3 && process.env.BENCH_WORLD_DEBUG) log(`${res.status} ${body.code}: ${body.detail}`)
    latencies.push(performance.now() - s)
    if (res.status === 200) ok++
    const code = res.status === 200 ? '200' : `${res.status} ${body.code ?? ''}`
    outcomes.set(code, (outcomes.get(code) ?? 0) + 1)
  }
  const routes = summarizeLatency(latencies, performance.now() - routesStarted)
  // The bench (not the service) asks V8 for a full collection, to tell what is kept from what is garbage.
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const rssCollected = process.memoryUsage().rss
  row(`| route, 1 connection (${routes.count}: ${[...outcomes].map(([k, n]) => `${n}× ${k}`).join(', ')}) | p50 ${routes.p50.toFixed(1)} ms | p99 ${routes.p99.toFixed(1)}, p99.9 ${routes.p99_9.toFixed(1)}, max ${routes.max.toFixed(1)} ms |`)
  row(`| resident memory after the routes and a full collection | ${mb(rssCollected)} MB | main thread collected by the bench; the workers' heaps as they are |`)

  await cold.sy.stop()
  const warm = await start()
  row(`| warm restart, same state directory | ${Math.round(warm.ms)} ms | |`)

  // The snapshot store as the service runs it: a full load, then one refresh per block of traffic.
  const client = createPublicClient({ transport: http(node.rpcUrl) }) as PublicClient
  const store = createSnapshotStore({ chainId, client, book: warm.sy.connected.chains[chainId]!.addressBook })
  t = performance.now()
  await store.current()
  row(`| snapshot full load | ${Math.round(performance.now() - t)} ms | every served pool read at the head |`)
  const traffic = createTraffic(node.client, devnet.chains[chainId]!.addressBook, { seed: values.seed, perBlock: Number(values['per-block']) })
  const refresh: number[] = []
  const reread: number[] = []
  const patched: number[] = []
  let onHead = 0
  const probe = { tokenIn: book.tokens.USDC!.address as Address, tokenOut: book.tokens.WETH!.address as Address }
  for (let b = 0; b < Number(values.blocks); b++) {
    const mined = await traffic.block()
    const counted = store.stats()
    t = performance.now()
    await store.current()
    refresh.push(performance.now() - t)
    reread.push(store.stats().poolsReloaded - counted.poolsReloaded)
    patched.push(store.stats().poolsPatched - counted.poolsPatched)
    const res = await fetch(`${warm.sy.httpUrl}/api/v1/shortcuts/route?chainId=${chainId}&fromAddress=0x0000000000000000000000000000000000b3c401&tokenIn=${probe.tokenIn}&tokenOut=${probe.tokenOut}&amountIn=1000000000`, { headers: { authorization: `Bearer ${KEY}` } })
    const answer = (await res.json()) as { blockNumber?: number; code?: string; detail?: string }
    if (answer.blockNumber !== undefined && BigInt(answer.blockNumber) >= mined - 1n) onHead++
    else if (process.env.BENCH_WORLD_DEBUG) log(`block ${mined}: ${res.status} ${answer.blockNumber ?? answer.code} ${answer.detail ?? ''}`)
  }
  const r = summarizeLatency(refresh, 1)
  const stats = traffic.stats()
  row(`| snapshot refresh per block (${stats.blocks} blocks of ${values['per-block']}: ${stats.sent} sent, ${stats.reverted} reverted) | p50 ${r.p50.toFixed(1)} ms | p99 ${r.p99.toFixed(1)}, p99.9 ${r.p99_9.toFixed(1)}, max ${r.max.toFixed(1)} ms; answers on the head or the block before: ${onHead}/${stats.blocks} |`)
  const perBlock = (xs: readonly number[]) => `${Math.min(...xs)}–${Math.max(...xs)} (mean ${Math.round(xs.reduce((a, b) => a + b, 0) / xs.length)})`
  row(`| pools per block refreshed from logs / re-read by Multicall3 | ${perBlock(patched)} | ${perBlock(reread)} re-read; ${store.stats().fullLoads - 1} full reloads during the blocks |`)
  await warm.sy.stop()
} finally {
  await devnet.stop()
  rmSync(stateDir, { recursive: true, force: true })
}
log(`\nbench:world — ${values.scenario.split('/').pop()} chain ${chainId}\n`)
log('| measure | figure | detail |\n|---|---|---|')
for (const row of rows) log(row)
