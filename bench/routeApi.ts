/**
 * HTTP load on the REST shortcut endpoints (issue 4 performance). The parent process starts switchyard on
 * the embedded devnet (chain 1); a child process drives it with autocannon at 1 and 32 concurrent
 * connections, so the load generator does not share the server's event loop. Rows (`createApiLoads`):
 * - route: POST /api/v1/shortcuts/route. Every request runs the whole path: validate → snapshot →
 *   search in the worker pool → encode → eth_simulateV1 → answer.
 * - bundle, 5 actions: POST /api/v1/shortcuts/bundle under the delegate strategy (uniswap-v2 swap,
 *   slippage, aave-v3 deposit and borrow, enso route); built in a worker, simulated twice (amounts, gas).
 * - cross-chain route 1→8453: POST /api/v1/shortcuts/route with destinationChainId (USDC → Base vault
 *   shares): the bridge candidates are ranked by estimate and the best two simulated on both chains.
 * - refused: bundles the validator refuses (400 TOO_MANY_ACTIONS, 400 TOO_DEEP), to show that refusing
 *   costs little however hostile the body.
 * - cold: every request asks for a different amount (seeded stream): nothing is shared.
 * - warm: fixed requests repeat, so identical route requests on one block share one computation.
 * Every answer is checked: `unexpected` counts answers with another status (or, for refusals, another code).
 *
 * - route, over the bound: cold routes from 300 connections, far past the in-flight bound; latency split
 *   into the 503 OVERLOADED refusals and the 200 answers admitted beside them.
 *
 * - route, explain=true: the cold routes again with explain=true (issue 25: explain costs ≤ 1.5× plain p50).
 *
 * - route, without Curve and Pendle: the cold routes again ignoring the families issue 21 added (route p50 and cold
 *   routes/s before and after them, in the same run).
 *
 * The service runs from the built dist/ as `npm start` runs it (`--service src`: through tsx).
 *
 * Run: npm run bench:api [-- --duration 10] [-- --only route] [-- --only explain] [-- --only families] [-- --service dist|src]
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { readProcessCpuMs } from './readProcessCpuMs.js'
import autocannon from 'autocannon'
import { pino } from 'pino'
import { loadService } from './loadService.js'
import { BENCH_API_KEY, BUNDLE_EXPLAINED, ROUTE_PAIRS, ROUTE_WITHOUT_NEW_FAMILIES, apiBenchContextOf, createApiLoads, requestBodyOf, type ApiBenchContext, type ApiLoad } from './createApiLoads.js'

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const duration = Number(arg('--duration') ?? 10)
const CONNECTIONS = [1, 32] as const
/** Connections of the overload row: far past the in-flight bound (engine threads × 16). */
const OVERLOAD_CONNECTIONS = 300
type Row = {
  request: string; mode: string; connections: number; rps: number
  p50: number; p90: number; p99: number; p99_9: number; max: number
  requests: number; unexpected: number; errors: number
  /** The CPU window the row was measured in (rows of one overload run share theirs). */
  window: number
  /** Answers of every request in the window, when more than its rows count (the load beside a probe). */
  windowAnswers?: number
}

let nextWindow = 0
/**
 * Tells the parent (the switchyard process) a row's load starts or ends, so it reads every process's
 * CPU time at both edges ({@link readProcessCpuMs}); returns the window's id.
 */
function markWindow(phase: 'start' | 'end', id = nextWindow++): number {
  process.send?.({ phase, id })
  return id
}

/** The first unexpected answers of the run, printed after the table. */
const unexpectedSamples: string[] = []

/** Runs every load at every connection count, one after another. */
async function runLoads(target: string, loads: ApiLoad[]): Promise<Row[]> {
  const rows: Row[] = []
  for (const load of loads) {
    for (const connections of CONNECTIONS) {
      let wrongCode = 0
      const { code, status } = load.expect
      // Refusals share a status with other refusals: read the code of each (small) error body.
      // The first few unexpected answers are kept (status and body), to say what they were.
      const onResponse = (s: number, body: string) => {
        if (code !== undefined && s === status && (JSON.parse(body) as { code?: string }).code !== code) wrongCode++
        if ((s !== status || (code !== undefined && (JSON.parse(body) as { code?: string }).code !== code)) && unexpectedSamples.length < 3) unexpectedSamples.push(`${load.request} (${load.mode}, ${connections}): ${s} ${body.slice(0, 300)}`)
      }
      const requests = load.requests.map((req) => ({ ...req, onResponse }))
      const window = markWindow('start')
      const r = await autocannon({ url: target, connections, duration, requests, pipelining: 1 })
      markWindow('end', window)
      // autocannon drops the requests still in flight when the time is up, and the server stops their work
      // at its next check (a simulation already sent still runs). One more request of the same kind, retried
      // while it is refused OVERLOADED, waits out that backlog, so the next row starts with a free slot.
      for (let attempt = 0; attempt < 100 && (await sendOnce(target, load.requests[0]!)).status === 503; attempt++) await new Promise((r) => setTimeout(r, 50))
      const answered = Object.values(r.statusCodeStats ?? {}).reduce((sum, s) => sum + (s.count ?? 0), 0)
      const expected = r.statusCodeStats?.[`${status}`]?.count ?? 0
      rows.push({
        request: load.request, mode: load.mode, connections, rps: r.requests.average,
        p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, p99_9: r.latency.p99_9, max: r.latency.max,
        requests: answered, unexpected: answered - expected + wrongCode, errors: r.errors, window,
      })
    }
  }
  return rows
}

/** Whole-ms percentile of a sorted list. */
function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0
  return Math.floor(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!)
}

/** Arrival rate of the open-loop overload rows, requests/s: several times what two cores answer. */
const OVERLOAD_RATE = 1_000

/**
 * The overload rows: cold routes from {@link OVERLOAD_CONNECTIONS} connections, far past the in-flight
 * bound, twice. First a retry storm (closed loop: each refused caller re-sends at once, ignoring
 * `Retry-After`), whose latency is the storm's own queue (Little's law: callers ÷ refusals per second).
 * Then an open loop: {@link OVERLOAD_RATE} requests per second arrive whatever the answers, as from many
 * independent callers; there a refusal's latency is what one refused caller waits. Latency is split by
 * answer: the 503 OVERLOADED refusals (which must come back in milliseconds) and the 200 answers
 * admitted beside them.
 */
async function runOverload(target: string, load: ApiLoad): Promise<Row[]> {
  const rows: Row[] = []
  for (const [label, overallRate] of [['retry storm', undefined], [`open loop ${int(OVERLOAD_RATE)}/s`, OVERLOAD_RATE]] as const) {
    const latencies = new Map<number, number[]>()
    const window = markWindow('start')
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options = { url: target, connections: OVERLOAD_CONNECTIONS, duration, requests: load.requests, pipelining: 1, ...(overallRate === undefined ? {} : { overallRate }) }
      const instance = autocannon(options, (err, res) => (err ? reject(err) : resolve(res)))
      instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        const list = latencies.get(statusCode) ?? []
        list.push(responseTime)
        latencies.set(statusCode, list)
      })
    })
    markWindow('end', window)
    await sendOnce(target, load.requests[0]!)
    rows.push(...overloadRows(load, label, latencies, result.errors, window))
  }
  rows.push(...(await runProbeAtTheBound(target, load)))
  return rows
}

/** The 200 and 503 rows of one overload run, from its latencies by status. */
function overloadRows(load: ApiLoad, label: string, latencies: Map<number, number[]>, errors: number, window: number): Row[] {
  const rows: Row[] = []
  const answered = [...latencies.values()].reduce((n, l) => n + l.length, 0)
  for (const status of [200, 503]) {
    const sorted = (latencies.get(status) ?? []).sort((a, b) => a - b)
    rows.push({
      request: `${load.request}, over the bound, ${label}: ${status === 200 ? '200 answers' : '503 OVERLOADED refusals'}`, mode: load.mode, connections: OVERLOAD_CONNECTIONS,
      rps: sorted.length / duration, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), p99_9: percentile(sorted, 0.999), max: percentile(sorted, 1),
      requests: sorted.length, unexpected: status === 200 ? answered - (latencies.get(200)?.length ?? 0) - (latencies.get(503)?.length ?? 0) : 0, errors: status === 200 ? errors : 0, window,
    })
  }
  return rows
}

/** Connections of the at-the-bound row: a few more than the in-flight bound (32), so it stays reached. */
const AT_BOUND_CONNECTIONS = 48
/** Pause between the probe's requests, ms. */
const PROBE_EVERY_MS = 20

/**
 * What one new caller waits for its refusal while the service is busy at its bound: cold routes from
 * {@link AT_BOUND_CONNECTIONS} connections keep the in-flight bound reached (route work running), and a
 * probe sends one more route request every {@link PROBE_EVERY_MS} ms, one at a time. The probe's 503
 * refusals are the row; its requests that found a free slot are counted as 200 answers. Unlike the storm,
 * nothing here queues behind other refusals: the latency is the door's own.
 */
async function runProbeAtTheBound(target: string, load: ApiLoad): Promise<Row[]> {
  const latencies = new Map<number, number[]>()
  let running = true
  const probe = (async () => {
    while (running) {
      const started = performance.now()
      const { status } = await sendOnce(target, load.requests[0]!)
      const list = latencies.get(status) ?? []
      list.push(performance.now() - started)
      latencies.set(status, list)
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS))
    }
  })()
  const window = markWindow('start')
  const result = await autocannon({ url: target, connections: AT_BOUND_CONNECTIONS, duration, requests: load.requests, pipelining: 1 })
  markWindow('end', window)
  running = false
  await probe
  await sendOnce(target, load.requests[0]!)
  const probed = [...latencies.values()].reduce((n, l) => n + l.length, 0)
  const loaded = Object.values(result.statusCodeStats ?? {}).reduce((sum, c) => sum + (c.count ?? 0), 0)
  return overloadRows(load, `at the bound (${AT_BOUND_CONNECTIONS} connections), one probe every ${PROBE_EVERY_MS} ms`, latencies, result.errors, window)
    .map((r) => ({ ...r, connections: 1, request: r.request.replace(': ', ', the probe: '), windowAnswers: probed + loaded }))
}

/** Sends one request of a load (a fresh body for cold ones) and reads the answer. */
async function sendOnce(baseUrl: string, req: autocannon.Request): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}${req.path}`, { method: req.method ?? 'POST', headers: req.headers as Record<string, string>, body: requestBodyOf(req) ?? null })
  return { status: res.status, text: await res.text() }
}

/** One request of every kind before the load: warms snapshot, worker graphs and slot probes, and fails fast. */
async function preflight(baseUrl: string, loads: ApiLoad[]): Promise<void> {
  for (const load of loads) {
    for (const req of load.requests) {
      const { status, text } = await sendOnce(baseUrl, req)
      const code = status === 200 ? undefined : (JSON.parse(text) as { code?: string }).code
      if (status !== load.expect.status || code !== load.expect.code) {
        throw new Error(`pre-flight ${load.request} (${load.mode}): ${status} ${text.slice(0, 500)}`)
      }
    }
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-US')

/** Every process's CPU time at one instant, ms. */
type CpuSample = { switchyard: number; anvils: number[]; loadGenerator: number }

/**
 * CPU per answer by process for every row (issue 22): the CPU each process used over the row's load,
 * divided by the answers of that load (the two rows of an overload run share one window), and the ratio
 * switchyard ÷ anvil (all anvils together).
 */
function printCpuTable(rows: Row[], windows: Map<number, Partial<Record<'start' | 'end', CpuSample>>>, chainIds: number[]): void {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—')
  console.log(`\nCPU per answer by process, ms (from /proc and process.cpuUsage over each row's load; switchyard = main thread, gateway thread and engine workers)`)
  console.log(`| request | mode | connections | answers in window | switchyard | ${chainIds.map((id) => `anvil ${id}`).join(' | ')} | load generator | switchyard ÷ anvil |`)
  console.log(`|---|---|---|---|---|${chainIds.map(() => '---|').join('')}---|---|`)
  for (const r of rows) {
    const w = windows.get(r.window)
    if (!w?.start || !w.end) continue
    const answers = r.windowAnswers ?? rows.filter((x) => x.window === r.window).reduce((n, x) => n + x.requests, 0)
    if (answers === 0) continue
    const per = (end: number, start: number) => (end - start) / answers
    const anvil = w.end.anvils.map((end, i) => per(end, w.start!.anvils[i]!))
    const anvilTotal = anvil.reduce((a, b) => a + b, 0)
    const switchyard = per(w.end.switchyard, w.start.switchyard)
    console.log(`| ${r.request} | ${r.mode} | ${r.connections} | ${int(answers)} | ${ms(switchyard)} | ${anvil.map(ms).join(' | ')} | ${ms(per(w.end.loadGenerator, w.start.loadGenerator))} | ${anvilTotal > 0 ? (switchyard / anvilTotal).toFixed(1) : '—'} |`)
  }
}

function printTable(rows: Row[]): void {
  console.log(`\nREST on the devnet (chains 1 and 8453), ${duration} s per row, load from a separate process (autocannon; latency in whole ms, truncated)`)
  console.log(`route: ${ROUTE_PAIRS.length} pairs; bundle: swap WETH→USDC (uniswap-v2), slippage, aave-v3 deposit USDC, aave-v3 borrow DAI, enso route DAI→WETH (delegate)`)
  console.log('| request | mode | connections | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | answers | unexpected | errors |')
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const r of rows) {
    console.log(`| ${r.request} | ${r.mode} | ${r.connections} | ${int(r.rps)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.p99_9} | ${r.max} | ${int(r.requests)} | ${r.unexpected} | ${r.errors} |`)
  }
  console.log('cross-chain: USDC (chain 1) → Base USDC vault shares; bridge candidates ranked by estimate, the best two simulated on both chains')
  console.log('targets: route p50 ≤ 15 ms and ≥ 300 routes/s; bundle (5 actions) p50 ≤ 25 ms; cross-chain route p50 ≤ 60 ms')
}

if (arg('--target')) {
  // Child: the load generator. `--only <request>` keeps the rows of one kind of request; `--only explain`
  // the cold route rows plain and with explain=true, one after the other in the same run (issue 25).
  const only = arg('--only')
  const kept = (l: ApiLoad) =>
    only === 'explain' ? l.mode === 'cold' && (l.request === 'route' || l.request === 'route, explain=true' || l.request === 'bundle, 5 actions' || l.request === BUNDLE_EXPLAINED)
    : only === 'families' ? l.mode === 'cold' && (l.request === 'route' || l.request === ROUTE_WITHOUT_NEW_FAMILIES)
    : only === undefined || l.request === only
  const loads = createApiLoads(JSON.parse(arg('--context')!) as ApiBenchContext).filter(kept)
  const rows = await runLoads(arg('--target')!, loads)
  const overloaded = loads.find((l) => l.request === 'route' && l.mode === 'cold')
  if (overloaded && only !== 'explain' && only !== 'families') rows.push(...(await runOverload(arg('--target')!, overloaded)))
  for (const sample of unexpectedSamples) process.stderr.write(`unexpected answer: ${sample}\n`)
  process.stdout.write(`${JSON.stringify(rows)}\n`)
  process.exit(0)
}

// From dist/ as `npm start` runs it unless `--service src` (tsx: the engine workers load their modules as CommonJS).
const { configSchema, startSwitchyard } = await loadService(arg('--service') ?? 'dist')
const config = configSchema.parse({
  chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [BENCH_API_KEY], logLevel: 'silent', rateLimitPerMinute: 10_000_000,
  // Quotes only: nothing is sent, so nothing needs relaying.
  relayer: 'off',
  // `--gateway-thread off`: the gateway on the main thread, as before issue 24 item 7 (for comparison).
  gatewayThread: arg('--gateway-thread') !== 'off',
})
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
if (!sy.connected.chains[1]!.addressBook.aaveV3) throw new Error('the devnet has no Aave V3 market: the bundle rows need one')
const context: ApiBenchContext = apiBenchContextOf(sy.connected.chains)
await preflight(sy.httpUrl, createApiLoads(context))
const only = arg('--only')
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--target', sy.httpUrl, '--context', JSON.stringify(context), '--duration', String(duration), ...(only ? ['--only', only] : [])], {
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
})
// Every process's CPU time at each edge of each row's load: switchyard (this process: main thread, gateway
// thread and engine workers), each anvil, and the load generator.
const anvils = Object.values(sy.connected.devnet?.chains ?? {}).map((c) => ({ chainId: c.chainId, pid: c.node.pid }))
const windows = new Map<number, Partial<Record<'start' | 'end', CpuSample>>>()
child.on('message', ({ phase, id }: { phase: 'start' | 'end'; id: number }) => {
  const usage = process.cpuUsage()
  const sample: CpuSample = {
    switchyard: (usage.user + usage.system) / 1000,
    anvils: anvils.map((a) => (a.pid === undefined ? Number.NaN : readProcessCpuMs(a.pid))),
    loadGenerator: child.pid === undefined ? Number.NaN : readProcessCpuMs(child.pid),
  }
  windows.set(id, { ...windows.get(id), [phase]: sample })
})
let out = ''
child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve))
await sy.stop()
if (exitCode !== 0) throw new Error(`the load process exited with ${exitCode}`)
const rows = JSON.parse(out.trim().split('\n').pop() ?? '[]') as Row[]
printTable(rows)
printCpuTable(rows, windows, anvils.map((a) => a.chainId))
process.exit(0)
