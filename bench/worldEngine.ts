/**
 * `npm run bench:world-engine [-- options]` (issue 20): the engine alone on the `large` world's served
 * graph, one thread, no gateway, workers or simulation. It starts the devnet of the scenario, lets a
 * switchyard discover chain 1 as an external node (the pools above the floor: the graph the service
 * serves), loads that book's snapshot at the head and builds the graph, then times `findRoute` as the
 * service calls it (4 hops, split ≤ 4, gas-aware at the node's gas price) on the same seeded pairs as
 * `bench:world`: USDC or WETH → a pooled token. Per route it reports the thread's CPU time (user +
 * system, so other processes on the machine count less than in wall time) and the wall time: p50, p90,
 * p99, p99.9, max, and the slowest queries. Options:
 *   --scenario path   scenario file (default src/chain/devnet/scenarios/large.json)
 *   --routes n        routes (default 300)
 *   --seed s          seed of the pairs (default `bench-world`, as bench:world)
 *   --max-splits n    split legs (default 4; 1 times the single-path search alone)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { pino } from 'pino'
import { createPublicClient, http, type Address, type PublicClient } from 'viem'
import { defaultScenarioPath } from '../src/chain/devnet/scenario.js'
import { startDevnet } from '../src/chain/devnet/startDevnet.js'
import { createWorldRandom } from '../src/chain/devnet/world/createWorldRandom.js'
import { configSchema } from '../src/config.js'
import { createSnapshotStore } from '../src/data/createSnapshotStore.js'
import { buildGraph } from '../src/engine/graph/buildGraph.js'
import { createSearchContext } from '../src/engine/search/searchContext.js'
import { findRoute } from '../src/engine/tasks/findRoute.js'
import { protocolAdapters } from '../src/protocols/registry.js'
import { gasPriceInTokens } from '../src/service/gasPriceInTokens.js'
import { startSwitchyard } from '../src/startSwitchyard.js'
import { percentile } from './stats.js'

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: join(defaultScenarioPath, '..', 'large.json') },
    routes: { type: 'string', default: '300' },
    seed: { type: 'string', default: 'bench-world' },
    'max-splits': { type: 'string', default: '4' },
  },
})
const log = (line: string) => process.stdout.write(`${line}\n`)

const devnet = await startDevnet({ scenarioPath: values.scenario, chains: [1] })
const stateDir = mkdtempSync(join(tmpdir(), 'bench-world-engine-'))
try {
  const node = devnet.chains[1]!
  const config = configSchema.parse({ chains: [1], rpc: { '1': node.rpcUrl }, stateDir, httpPort: 0, grpcPort: 0, apiKeys: ['bench-world-engine-key-0123456789'], logLevel: 'warn' })
  const sy = await startSwitchyard({ config, logger: pino({ level: 'warn' }) })
  const book = sy.connected.chains[1]!.addressBook
  await sy.stop()
  const client = createPublicClient({ transport: http(node.rpcUrl) }) as PublicClient
  const snapshot = await createSnapshotStore({ chainId: 1, client, book }).current()
  const gasPriceWei = await client.getGasPrice()
  let started = performance.now()
  const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, snapshot))
  log(`graph of ${snapshot.pools.length} pools, ${context.graph.edgeCount} edges, built in ${Math.round(performance.now() - started)} ms`)

  // The pairs of bench:world: USDC or WETH against a token with a pool above the floor.
  const pooled = new Set([...book.uniswapV2.pairs.flatMap((p) => [p.token0, p.token1]), ...book.uniswapV3.pools.flatMap((p) => [p.token0, p.token1]), ...book.balancerV2.pools.flatMap((p) => p.tokens)].map((a) => a.toLowerCase()))
  const symbols = Object.keys(book.tokens).filter((s) => book.tokens[s]!.kind !== 'feeOnTransfer' && pooled.has(book.tokens[s]!.address.toLowerCase()))
  const random = createWorldRandom(values.seed)
  const rows: { cpu: number; wall: number; query: string; outcome: string }[] = []
  for (let i = 0; i < Number(values.routes); i++) {
    const hub = book.tokens[random.pick(['USDC', 'WETH'])]!
    const other = book.tokens[random.pick(symbols)]!
    if (other.address === hub.address) continue
    const amountIn = (10n ** BigInt(hub.decimals) * BigInt(1 + random.int(5_000))) / (hub.symbol === 'WETH' ? 1_000n : 1n)
    const gasPriceInTokenOutWad = gasPriceInTokens(book, { gasPriceWei, tokens: [other.address as Address] })
    const cpu = process.cpuUsage()
    started = performance.now()
    let outcome: string
    try {
      const route = findRoute(context, { tokensIn: [{ token: hub.address, amount: amountIn }], tokensOut: [{ token: other.address }], maxHops: 4, maxSplits: Number(values['max-splits']), gasPriceInTokenOutWad })
      outcome = `${route.paths.length} path(s)`
    } catch (error) {
      outcome = (error as Error).name
    }
    const wall = performance.now() - started
    const used = process.cpuUsage(cpu)
    rows.push({ cpu: (used.user + used.system) / 1000, wall, query: `${hub.symbol} → ${other.symbol} ${amountIn}`, outcome })
  }
  const line = (name: string, ms: number[]) => `| ${name} | ${[50, 90, 99, 99.9].map((p) => percentile(ms, p).toFixed(2)).join(' | ')} | ${Math.max(...ms).toFixed(2)} |`
  const outcomes = new Map<string, number>()
  for (const r of rows) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1)
  log(`\nbench:world-engine — ${values.scenario.split('/').pop()} chain 1, ${rows.length} routes, split ≤ ${values['max-splits']}: ${[...outcomes].map(([k, n]) => `${n}× ${k}`).join(', ')}\n`)
  log('| per route (ms) | p50 | p90 | p99 | p99.9 | max |\n|---|---|---|---|---|---|')
  log(line('CPU of the thread', rows.map((r) => r.cpu)))
  log(line('wall', rows.map((r) => r.wall)))
  log('\nslowest (CPU ms):')
  for (const r of [...rows].sort((a, b) => b.cpu - a.cpu).slice(0, 5)) log(`  ${r.cpu.toFixed(1)}  ${r.query}  ${r.outcome}`)
} finally {
  await devnet.stop()
  rmSync(stateDir, { recursive: true, force: true })
}
