/**
 * CPU profile of cold routes under load (issue 10). The parent starts switchyard on the devnet as
 * `bench/routeApi.ts` does, sends one route per pair (warm-up), then profiles its main thread (V8
 * sampling profiler through `node:inspector`) while a child process drives cold
 * `POST /api/v1/shortcuts/route` requests with autocannon. Reported:
 * - CPU seconds per second of load: this process (main thread and engine workers), each anvil node;
 * - JSON-RPC calls per route, by method (counted on chain 1's client);
 * - the main thread's self time by function and by module (a package, or a file under src/).
 * `--out file.cpuprofile` also writes the profile (open it in Chrome DevTools → Performance).
 *
 * Run: npx tsx bench/profileRouteApi.ts [--duration 10] [--connections 32] [--explain | --row <cold row of bench:api>] [--out route.cpuprofile]
 */
import { spawn } from 'node:child_process'
import { ClientRequest } from 'node:http'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { pino } from 'pino'
import { configSchema } from '../src/config.js'
import { readProcessCpuMs } from './readProcessCpuMs.js'
import { startSwitchyard } from '../src/startSwitchyard.js'
import { BENCH_API_KEY, apiBenchContextOf, createApiLoads, requestBodyOf, type ApiBenchContext } from './createApiLoads.js'

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const duration = Number(arg('--duration') ?? 10)
const connections = Number(arg('--connections') ?? 32)

/** The cold route row of `bench:api` (`--explain`: its `explain=true` row; `--row <name>`: any cold row, e.g. `bundle, 5 actions, explain=true`). */
const ROW = arg('--row') ?? (args.includes('--explain') ? 'route, explain=true' : 'route')
const coldRoutes = (ctx: ApiBenchContext) => createApiLoads(ctx).find((l) => l.request === ROW && l.mode === 'cold')!

if (arg('--target')) {
  // Child: the load generator.
  const load = coldRoutes(JSON.parse(arg('--context')!) as ApiBenchContext)
  const r = await autocannon({ url: arg('--target')!, connections, duration, requests: load.requests, pipelining: 1 })
  const ok = r.statusCodeStats?.['200']?.count ?? 0
  const answered = Object.values(r.statusCodeStats ?? {}).reduce((sum, s) => sum + (s.count ?? 0), 0)
  const cpu = process.cpuUsage()
  process.stdout.write(`${JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok, answered, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`)
  process.exit(0)
}

/** utime + stime of a process, in seconds (Linux /proc). */
function cpuSecondsOf(pid: number): number {
  return readProcessCpuMs(pid) / 1000
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

/** Where a frame's code lives: an npm package, a file under src/, or V8/Node internals. */
function moduleOf(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : '(native)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  const src = /\/(src|bench)\/(.+)$/.exec(url)
  if (src) return `${src[1]}/${src[2]}`
  if (url.startsWith('node:')) return url
  return url
}

/** Self time (ms) by key, sorted, from the profile's samples. */
function selfTimes(profile: Profile, keyOf: (n: ProfileNode) => string): { key: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const totals = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const key = keyOf(byId.get(id)!)
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return [...totals].map(([key, ms]) => ({ key, ms })).sort((a, b) => b.ms - a.ms)
}

/** Total (inclusive) time (ms) by key: a sample counts once for every key on its stack. */
function totalTimes(profile: Profile, keyOf: (n: ProfileNode) => string | undefined): { key: string; ms: number }[] {
  const parent = new Map<number, ProfileNode>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const totals = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>()
    for (let n = byId.get(id); n; n = parent.get(n.id)) {
      const key = keyOf(n)
      if (key !== undefined && !seen.has(key)) seen.add(key)
    }
    for (const key of seen) totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return [...totals].map(([key, ms]) => ({ key, ms })).sort((a, b) => b.ms - a.ms)
}

const config = configSchema.parse({
  chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [BENCH_API_KEY], logLevel: 'silent', rateLimitPerMinute: 10_000_000,
  relayer: 'off',
  // The gateway on the main thread, so the profile (of this thread) holds its share of the work too.
  gatewayThread: false,
})
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
const context: ApiBenchContext = apiBenchContextOf(sy.connected.chains)
// Count JSON-RPC calls by method to the anvil nodes, from the bodies of outgoing HTTP requests.
const rpcPorts = new Set(Object.values(sy.connected.devnet?.chains ?? {}).map((c) => String(c.node.port)))
const rpcCalls = new Map<string, number>()
let counting = false
// Every JSON-RPC body goes out through `ClientRequest#end` (src/chain/createNodeFetch.ts).
const end = ClientRequest.prototype.end as (this: ClientRequest, ...a: unknown[]) => ClientRequest
ClientRequest.prototype.end = function (this: ClientRequest, ...a: unknown[]) {
  if (counting && typeof a[0] === 'string' && rpcPorts.has(String(this.getHeader('host') ?? '').split(':')[1] ?? '')) {
    const body = JSON.parse(a[0]) as { method: string } | { method: string }[]
    for (const { method } of Array.isArray(body) ? body : [body]) rpcCalls.set(method, (rpcCalls.get(method) ?? 0) + 1)
  }
  return end.apply(this, a)
} as typeof ClientRequest.prototype.end
const load = coldRoutes(context)
for (let i = 0; i < 12; i++) {
  const req = load.requests[i % load.requests.length]!
  const res = await fetch(`${sy.httpUrl}${req.path}`, { method: 'POST', headers: req.headers as Record<string, string>, body: requestBodyOf(req) ?? null })
  if (res.status !== 200) throw new Error(`warm-up route: ${res.status} ${await res.text()}`)
}

const anvils = Object.values(sy.connected.devnet?.chains ?? {}).map((c) => ({ chainId: c.chainId, pid: c.node.pid }))
const session = new Session()
session.connect()
const profiling = !args.includes('--no-profile')
if (profiling) {
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
}
// For an external tracer (e.g. `strace -c -f -p <pid>`): the load starts now, and SIGUSR2 prints how
// many requests the gateway has received so far (to count the requests inside the tracer's window).
let received = 0
sy.app!.server.on('request', () => received++)
process.on('SIGUSR2', () => process.stderr.write(`requests received: ${received}\n`))
process.stderr.write(`load starts: pid ${process.pid}\n`)
const started = performance.now()
const ownBefore = process.cpuUsage()
const anvilBefore = anvils.map((a) => cpuSecondsOf(a.pid))
counting = true
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--target', sy.httpUrl, '--context', JSON.stringify(context), '--duration', String(duration), '--connections', String(connections), ...(args.includes('--explain') ? ['--explain'] : []), ...(arg('--row') ? ['--row', arg('--row')!] : [])], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
let out = ''
child.stdout.on('data', (d: Buffer) => (out += d.toString()))
await new Promise((resolve) => child.on('exit', resolve))
counting = false
const seconds = (performance.now() - started) / 1000
const own = process.cpuUsage(ownBefore)
const anvilCpu = anvils.map((a, i) => cpuSecondsOf(a.pid) - anvilBefore[i]!)
const { profile } = profiling ? ((await session.post('Profiler.stop')) as unknown as { profile: Profile }) : { profile: { nodes: [], startTime: 0, endTime: 0, samples: [], timeDeltas: [] } as Profile }
session.disconnect()
await sy.stop()

const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { rps: number; p50: number; p99: number; ok: number; answered: number; cpuSeconds: number }
const outFile = arg('--out')
if (outFile) writeFileSync(outFile, JSON.stringify(profile))
const sampledMs = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000
const idle = selfTimes(profile, (n) => n.callFrame.functionName).find((x) => x.key === '(idle)')?.ms ?? 0
const mainBusy = sampledMs - idle
const pct = (ms: number) => `${((100 * ms) / mainBusy).toFixed(1)} %`
console.log(`\ncold routes, ${connections} connections, ${duration} s: ${Math.round(result.rps)} routes/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.ok}/${result.answered} answered 200`)
console.log(`CPU s per s of load: switchyard process ${((own.user + own.system) / 1e6 / seconds).toFixed(2)} (main thread ${(mainBusy / 1000 / seconds).toFixed(2)}, the rest workers and GC threads), ${anvils.map((a, i) => `anvil ${a.chainId} ${(anvilCpu[i]! / seconds).toFixed(2)}`).join(', ')}, load generator ${(result.cpuSeconds / seconds).toFixed(2)}`)
console.log(`CPU ms per route: switchyard ${(((own.user + own.system) / 1e3) / result.answered).toFixed(2)}, anvil ${((anvilCpu.reduce((a, b) => a + b, 0) * 1e3) / result.answered).toFixed(2)}`)
const routes = Math.max(1, result.answered)
console.log(`JSON-RPC calls per route (chain 1): ${[...rpcCalls].sort((a, b) => b[1] - a[1]).map(([m, n]) => `${m} ${(n / routes).toFixed(2)}`).join(', ')}`)
if (!profiling) process.exit(0)
console.log('\nmain thread self time by function (share of busy time):')
for (const x of selfTimes(profile, (n) => `${n.callFrame.functionName || '(anonymous)'} ${moduleOf(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`).filter((x) => !x.key.startsWith('(idle)')).slice(0, 25)) {
  console.log(`  ${pct(x.ms).padStart(7)}  ${x.key}`)
}
console.log('\nmain thread self time by module:')
for (const x of selfTimes(profile, (n) => moduleOf(n.callFrame.url, n.callFrame.functionName)).filter((x) => x.key !== '(idle)').slice(0, 20)) {
  console.log(`  ${pct(x.ms).padStart(7)}  ${x.key}`)
}
console.log('\nmain thread total time (self and callees) by module, packages and src/:')
for (const x of totalTimes(profile, (n) => { const m = moduleOf(n.callFrame.url, n.callFrame.functionName); return m.startsWith('(') || m.startsWith('node:') ? undefined : m }).slice(0, 25)) {
  console.log(`  ${pct(x.ms).padStart(7)}  ${x.key}`)
}
process.exit(0)
