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
 *   --baseline dir    also time the engine of another checkout (its `src/`, e.g. `git archive <sha> src |
 *                     tar -x -C dir`) on its own graph of the same snapshot, interleaved route by route
 *                     (the order alternates), and compare every route's score (output net of gas)
 *   --profile         per route, the edges the layered searches read (`context.edgeReads` less what
 *                     restored forward layers saved, `edgeReadsSaved`)
 *   --save file       write the snapshot, the book and the gas price (v8 serialization) after discovery
 *   --load file       time on a file `--save` wrote instead of starting the devnet (quick A/B iterations)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { deserialize, serialize } from 'node:v8'
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
import type { ChainAddressBook } from '../src/chain/addressBook.js'
import type { EngineSnapshot } from '../src/engine/types.js'

/** The engine entry points the bench times; a baseline checkout's are imported from its `src/`. */
type Engine = { buildGraph: typeof buildGraph; createSearchContext: typeof createSearchContext; findRoute: typeof findRoute; protocolAdapters: typeof protocolAdapters }
const importEngine = async (dir: string): Promise<Engine> => ({
  ...(await import(join(dir, 'src/engine/graph/buildGraph.ts'))),
  ...(await import(join(dir, 'src/engine/search/searchContext.ts'))),
  ...(await import(join(dir, 'src/engine/tasks/findRoute.ts'))),
  ...(await import(join(dir, 'src/protocols/registry.ts'))),
})

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: join(defaultScenarioPath, '..', 'large.json') },
    routes: { type: 'string', default: '300' },
    seed: { type: 'string', default: 'bench-world' },
    'max-splits': { type: 'string', default: '4' },
    baseline: { type: 'string' },
    profile: { type: 'boolean', default: false },
    save: { type: 'string' },
    load: { type: 'string' },
  },
})
const log = (line: string) => process.stdout.write(`${line}\n`)

/** What the timing needs from the world: the served book, its snapshot at the head, the node's gas price. */
type World = { book: ChainAddressBook; snapshot: EngineSnapshot; gasPriceWei: bigint }
const loadWorld = async (): Promise<World> => {
  if (values.load !== undefined) return deserialize(readFileSync(values.load)) as World
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
    const world = { book, snapshot, gasPriceWei: await client.getGasPrice() }
    if (values.save !== undefined) writeFileSync(values.save, serialize(world))
    return world
  } finally {
    await devnet.stop()
    rmSync(stateDir, { recursive: true, force: true })
  }
}

{
  const { book, snapshot, gasPriceWei } = await loadWorld()
  const engines: { name: string; context: ReturnType<typeof createSearchContext>; findRoute: typeof findRoute }[] = []
  for (const [name, engine] of [['this', { buildGraph, createSearchContext, findRoute, protocolAdapters }], ...(values.baseline === undefined ? [] : [['baseline', await importEngine(values.baseline)]])] as [string, Engine][]) {
    const started = performance.now()
    const context = engine.createSearchContext(engine.buildGraph({ adapters: engine.protocolAdapters }, snapshot))
    log(`${name}: graph of ${snapshot.pools.length} pools, ${context.graph.edgeCount} edges, built in ${Math.round(performance.now() - started)} ms`)
    engines.push({ name, context, findRoute: engine.findRoute })
  }

  // The pairs of bench:world: USDC or WETH against a token with a pool above the floor.
  const pooled = new Set([...book.uniswapV2.pairs.flatMap((p) => [p.token0, p.token1]), ...book.uniswapV3.pools.flatMap((p) => [p.token0, p.token1]), ...book.balancerV2.pools.flatMap((p) => p.tokens)].map((a) => a.toLowerCase()))
  const symbols = Object.keys(book.tokens).filter((s) => book.tokens[s]!.kind !== 'feeOnTransfer' && pooled.has(book.tokens[s]!.address.toLowerCase()))
  const random = createWorldRandom(values.seed)
  type Row = { cpu: number; wall: number; reads: number; query: string; outcome: string; score: bigint | undefined }
  const rows: Row[][] = engines.map(() => [])
  for (let i = 0; i < Number(values.routes); i++) {
    const hub = book.tokens[random.pick(['USDC', 'WETH'])]!
    const other = book.tokens[random.pick(symbols)]!
    if (other.address === hub.address) continue
    const amountIn = (10n ** BigInt(hub.decimals) * BigInt(1 + random.int(5_000))) / (hub.symbol === 'WETH' ? 1_000n : 1n)
    const gasPriceInTokenOutWad = gasPriceInTokens(book, { gasPriceWei, tokens: [other.address as Address] })
    const gasPriceWad = gasPriceInTokenOutWad[other.address.toLowerCase()] ?? 0n
    // Interleaved: the engines take turns going first.
    for (let j = 0; j < engines.length; j++) {
      const k = (i + j) % engines.length
      const { context, findRoute: find } = engines[k]!
      const reads = context.edgeReads - (context.edgeReadsSaved ?? 0)
      const cpu = process.cpuUsage()
      const started = performance.now()
      let outcome: string
      let score: bigint | undefined
      try {
        const route = find(context, { tokensIn: [{ token: hub.address, amount: amountIn }], tokensOut: [{ token: other.address }], maxHops: 4, maxSplits: Number(values['max-splits']), gasPriceInTokenOutWad })
        outcome = `${route.paths.length} path(s)`
        score = route.amountsOut[0]!.amount - (route.gasEstimate * gasPriceWad + 10n ** 18n - 1n) / 10n ** 18n
      } catch (error) {
        outcome = (error as Error).name
      }
      const wall = performance.now() - started
      const used = process.cpuUsage(cpu)
      rows[k]!.push({ cpu: (used.user + used.system) / 1000, wall, reads: context.edgeReads - (context.edgeReadsSaved ?? 0) - reads, query: `${hub.symbol} → ${other.symbol} ${amountIn}`, outcome, score })
    }
  }
  const line = (name: string, ms: number[]) => `| ${name} | ${[50, 90, 99, 99.9].map((p) => percentile(ms, p).toFixed(2)).join(' | ')} | ${Math.max(...ms).toFixed(2)} |`
  engines.forEach(({ name }, k) => {
    const outcomes = new Map<string, number>()
    for (const r of rows[k]!) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1)
    log(`\nbench:world-engine (${name}) — ${values.scenario.split('/').pop()} chain 1, ${rows[k]!.length} routes, split ≤ ${values['max-splits']}: ${[...outcomes].map(([o, n]) => `${n}× ${o}`).join(', ')}\n`)
    log('| per route (ms) | p50 | p90 | p99 | p99.9 | max |\n|---|---|---|---|---|---|')
    log(line('CPU of the thread', rows[k]!.map((r) => r.cpu)))
    log(line('wall', rows[k]!.map((r) => r.wall)))
    if (values.profile) log(line('edges read (thousands)', rows[k]!.map((r) => r.reads / 1000)))
    log(`CPU of all routes: ${(rows[k]!.reduce((a, r) => a + r.cpu, 0) / 1000).toFixed(2)} s`)
    log('\nslowest (CPU ms):')
    for (const r of [...rows[k]!].sort((a, b) => b.cpu - a.cpu).slice(0, 5)) log(`  ${r.cpu.toFixed(1)}  ${r.query}  ${r.outcome}`)
  })
  if (engines.length === 2) {
    // Score net of gas, route by route: this engine against the baseline.
    let same = 0
    const better: number[] = []
    const worse: number[] = []
    const answered: string[] = []
    rows[0]!.forEach((r, i) => {
      const b = rows[1]![i]!
      if (r.score === undefined || b.score === undefined) {
        if (r.score !== b.score) answered.push(`${r.query}: ${r.outcome} vs ${b.outcome}`)
        else same++
        return
      }
      if (r.score === b.score) same++
      else {
        const bps = b.score === 0n ? Infinity : (Number(r.score - b.score) / Number(b.score < 0n ? -b.score : b.score)) * 1e4
        ;(r.score > b.score ? better : worse).push(bps)
        if (r.score < b.score) log(`  worse: ${r.query} ${r.outcome} (baseline ${b.outcome}) ${bps.toFixed(3)} bps`)
      }
    })
    const median = (xs: number[]) => (xs.length === 0 ? '-' : percentile(xs.map(Math.abs), 50).toFixed(3))
    const deltas = rows[0]!.map((r, i) => ({ query: r.query, cpu: r.cpu, base: rows[1]![i]!.cpu }))
    log('\nlargest CPU increases over the baseline (ms):')
    for (const d of [...deltas].sort((a, b) => b.cpu - b.base - (a.cpu - a.base)).slice(0, 5)) log(`  ${d.base.toFixed(1)} → ${d.cpu.toFixed(1)}  ${d.query}`)
    log(`\nscores against the baseline: ${same} equal, ${better.length} better (median ${median(better)} bps), ${worse.length} worse (median ${median(worse)} bps, worst ${worse.length === 0 ? '-' : Math.min(...worse).toFixed(3)} bps)${answered.length > 0 ? `, answered differently: ${answered.join('; ')}` : ''}`)
  }
}
