/**
 * Issue 26's figures: batches and streams on the devnet, the load from a child process so that the
 * switchyard process's CPU (`process.cpuUsage()`: main thread, gateway thread, engine workers) is its own.
 *
 * 1. Batch vs singles: rounds of 50 cold route requests (fresh seeded amounts each round, six pairs) sent
 *    as 50 single GET /shortcuts/route at 32 connections, then as one POST /shortcuts/route/batch of 50:
 *    switchyard CPU per route, the ratio, and each round's wall time. Then one batch and its 50 singles on
 *    the same block: how many answers are equal (amountOut, minAmountOut, route).
 * 2. Streams: N subscribers (GET /shortcuts/route/stream, one connection each) over D distinct requests,
 *    a block mined every 2 s: per block, the delay from the mining to each subscriber's event for it
 *    (p50, p99, p99.9, max over subscribers × blocks), and switchyard CPU per block; for D = 10, 50, 100
 *    at N = 1,000, and N = 100, 500, 1,000 at D = 100.
 *
 * The service runs from the built dist/ as `npm start` runs it (`--service src`: through tsx, whose engine
 * workers load every module as CommonJS and spend ~17 % more CPU a route).
 *
 * Run: npm run bench:stream [-- --rounds 10] [-- --blocks 5] [-- --warmup 20] [-- --warm-blocks 150] [-- --service dist|src] [-- --idle-gc off]
 */
import { readdirSync, readFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { pino } from 'pino'
import { loadService } from './loadService.js'
import { BENCH_API_KEY, ROUTE_PAIRS } from './createApiLoads.js'
import { percentile } from './stats.js'

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const ROUNDS = Number(arg('--rounds') ?? 10)
const BLOCKS = Number(arg('--blocks') ?? 5)
const BLOCK_MS = 2_000
/**
 * Unmeasured rounds of singles and of a batch before the measured ones (the JIT, gas hints, graphs): a
 * fresh process spends about half its CPU of its first 500 routes compiling (V8's `--trace-opt`: 2.5 s
 * of TurboFan for the 500 batch routes after the first 150), still ~0.3 ms a route after 4,000; the
 * default 20 rounds (2,000 routes) measure the process nearly warm, as a service that has run a while.
 */
const WARMUP = Number(arg('--warmup') ?? 20)
/**
 * Unmeasured blocks before the stream rows, mined every 0.6 s with 1,000 subscribers over 100 distinct
 * requests open: what runs once a block (the snapshot's refresh, each worker's graph of the new version,
 * the re-quotes' fan-out) is optimized only after V8 has seen it run many times. Measured 2026-11-29
 * (`--trace-opt`, 100 distinct requests at 1,000 subscribers): after 3 blocks the V8 helper threads
 * compiled ~150 ms a block (the workers' `buildGraph` alone 40–90 ms, twice), after 40 blocks ~50, after
 * 150 blocks ~14; the process's CPU a block fell by a third. A service that follows a chain has seen
 * thousands of blocks; the default measures that, `--warm-blocks 0` the process just started.
 */
const WARM_BLOCKS = Number(arg('--warm-blocks') ?? 150)
/**
 * `off`: the threads' garbage collections on V8's own schedule instead of the idle collector's
 * (`SWITCHYARD_IDLE_GC`); with `NODE_OPTIONS=--max-semi-space-size=64` (the npm script's) either way.
 */
const IDLE_GC = arg('--idle-gc') !== 'off'
/** `batch`, `streams` or both (default). */
const ONLY = arg('--only')
/** Stream rows as `distinct/subscribers,...` (default: the six rows of docs/benchmarks.md). */
const ROWS = arg('--rows')?.split(',').map((r) => r.split('/').map(Number) as [number, number])
/**
 * `on`: the devnet's crash-recovery state dump runs as `npm start` runs it (anvil_dumpState whenever the
 * head moved, at most every 5 s: ~0.15 s of switchyard's CPU gunzipping 20 MB and ~0.5 s of anvil's, during
 * which the node answers nothing else). Default `off`: the process serves as it does on an external node,
 * which has no dump; the dump's cost is the idle row with `--dumps on`.
 */
const DUMPS = arg('--dumps') ?? 'off'
const FROM = '0x000000000000000000000000000000000001b0b0'
const HEADERS = { authorization: `Bearer ${BENCH_API_KEY}` }
type Context = { httpUrl: string; rpcUrl: string; tokens: Record<string, string> }

/** Tells the parent a measured window starts or ends (it reads its own CPU time at both edges). */
function mark(phase: 'start' | 'end', id: string): void {
  process.send?.({ phase, id })
}

/** 50-ish route queries per round, fresh amounts each (seeded), cycling over the bench's pairs. */
function createQueries(tokens: Record<string, string>, seed: number) {
  let s = seed
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648)
  return (count: number) => Array.from({ length: count }, (_, i) => {
    const [tokenIn, tokenOut, base] = ROUTE_PAIRS[i % ROUTE_PAIRS.length]!
    return { fromAddress: FROM, chainId: 1, tokenIn: [tokens[tokenIn]!], tokenOut: [tokens[tokenOut]!], amountIn: [(BigInt(base) + BigInt(next() % 1_000_000_000)).toString()] }
  })
}

const qs = (q: Record<string, unknown>) => {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) for (const x of [v].flat()) p.append(k, String(x))
  return p.toString()
}

async function single(ctx: Context, q: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${ctx.httpUrl}/api/v1/shortcuts/route?${qs(q)}`, { headers: HEADERS })
  const body = (await res.json()) as Record<string, unknown>
  if (res.status !== 200) throw new Error(`single route: ${res.status} ${JSON.stringify(body)}`)
  return body
}

async function batch(ctx: Context, requests: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${ctx.httpUrl}/api/v1/shortcuts/route/batch`, { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ requests }) })
  const body = (await res.json()) as { items: { ok: boolean; answer?: Record<string, unknown>; error?: unknown }[] }
  if (res.status !== 200) throw new Error(`batch: ${res.status} ${JSON.stringify(body)}`)
  const failed = body.items.find((i) => !i.ok)
  if (failed) throw new Error(`batch item failed: ${JSON.stringify(failed.error)}`)
  return body.items.map((i) => i.answer!)
}

/** Runs `tasks` with at most `connections` in flight. */
async function pooled<T>(tasks: (() => Promise<T>)[], connections: number): Promise<T[]> {
  const out: T[] = []
  let next = 0
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < tasks.length) {
      const i = next++
      out[i] = await tasks[i]!()
    }
  }))
  return out
}

/** Unmeasured rounds of singles and batches (other amounts than the measured ones): the process warm for every row. */
async function warmUp(ctx: Context) {
  const queries = createQueries(ctx.tokens, 7)
  for (let r = 0; r < WARMUP; r++) {
    await pooled(queries(50).map((q) => () => single(ctx, q)), 32)
    await batch(ctx, queries(50))
  }
}

/** `count` subscribers over `requests` (each request in turn), opened 16 at a time (below the in-flight bound): the first of each request computes its first answer, the others join it. */
function openSubscribers(ctx: Context, requests: Record<string, unknown>[], count: number): Promise<Sub[]> {
  return pooled(Array.from({ length: count }, (_, i) => () => subscribe(ctx, requests[i % requests.length]!)), 16)
}

/** Mines `count` blocks, one every `everyMs`: each block's number and when its `evm_mine` was sent. */
async function mineBlocks(ctx: Context, count: number, everyMs: number): Promise<Map<number, number>> {
  const mined = new Map<number, number>()
  for (let b = 0; b < count; b++) {
    const started = Date.now()
    await rpc(ctx, 'evm_mine')
    mined.set(Number(await rpc(ctx, 'eth_blockNumber')), started)
    await sleep(everyMs - (Date.now() - started))
  }
  return mined
}

/** Closes the subscribers and gives the service a moment to free them. */
async function closeSubscribers(subs: readonly Sub[]): Promise<void> {
  for (const s of subs) s.close()
  await sleep(500)
}

/** Unmeasured blocks with subscribers open (see WARM_BLOCKS). */
async function warmBlocks(ctx: Context) {
  if (WARM_BLOCKS <= 0 || ONLY === 'batch') return
  const subs = await openSubscribers(ctx, createQueries(ctx.tokens, 11)(100), 1_000)
  await mineBlocks(ctx, WARM_BLOCKS, 600)
  await closeSubscribers(subs)
}

async function batchVsSingles(ctx: Context) {
  const queries = createQueries(ctx.tokens, 42)
  const wall: Record<'singles' | 'batch', number[]> = { singles: [], batch: [] }
  // Interleaved rounds, each in its own CPU window (the parent adds them up per mode).
  for (let r = 0; r < ROUNDS; r++) {
    mark('start', `singles ${r}`)
    let t = performance.now()
    await pooled(queries(50).map((q) => () => single(ctx, q)), 32)
    wall.singles.push(performance.now() - t)
    mark('end', `singles ${r}`)
    mark('start', `batch ${r}`)
    t = performance.now()
    await batch(ctx, queries(50))
    wall.batch.push(performance.now() - t)
    mark('end', `batch ${r}`)
  }
  // The same 50 requests as one batch and as singles, on one block (nothing is mined meanwhile).
  const same = queries(50)
  const batched = await batch(ctx, same)
  const singles = await pooled(same.map((q) => () => single(ctx, q)), 32)
  const key = (a: Record<string, unknown>) => JSON.stringify([a.blockNumber, a.amountOut, a.minAmountOut, a.route])
  const equal = batched.filter((a, i) => key(a) === key(singles[i]!)).length
  return { wall, equal, blocks: [...new Set([...batched, ...singles].map((a) => a.blockNumber))] }
}

/** `seen`: when an answer or heartbeat for each block arrived; `failed`: blocks it got an `error` event for instead. */
type Sub = { close(): void; seen: Map<number, number>; failed: Set<number> }

/**
 * One SSE subscriber: records when it received an event for each block. A plain `node:http` request read
 * as latin1 (the event's id and its end are ASCII): the subscribers stand for clients on other machines,
 * so the load generator spends as little of the two cores as it can. With `fetch` (undici's web streams,
 * a TextDecoder, a regex per event) it spent 60–75 ms of CPU a block at 1,000 subscribers, with this
 * reader 30–50 (2026-11-29).
 */
async function subscribe(ctx: Context, q: Record<string, unknown>): Promise<Sub> {
  const seen = new Map<number, number>()
  const failed = new Set<number>()
  return new Promise<Sub>((resolve, reject) => {
    const req = request(`${ctx.httpUrl}/api/v1/shortcuts/route/stream?${qs(q)}`, { headers: HEADERS, agent: false }, (res) => {
      res.setEncoding('latin1')
      if (res.statusCode !== 200) {
        let body = ''
        res.on('data', (c: string) => (body += c)).on('end', () => reject(new Error(`stream: ${res.statusCode} ${body}`)))
        return
      }
      let text = ''
      res.on('data', (chunk: string) => {
        const now = Date.now()
        text += chunk
        let start = 0
        let cut: number
        // Every complete event (up to its blank line): the first line is `id: <block>` when it has one,
        // the second its kind. An `error` event (the re-quote failed at that block) is not an answer.
        while ((cut = text.indexOf('\n\n', start)) >= 0) {
          if (text.startsWith('id: ', start)) {
            const line = text.indexOf('\n', start)
            const id = Number(text.slice(start + 4, line))
            if (text.startsWith('event: error', line + 1)) failed.add(id)
            else if (!seen.has(id)) seen.set(id, now)
          }
          start = cut + 2
        }
        if (start > 0) text = text.slice(start)
      })
      res.on('error', () => {})
      resolve({ close: () => req.destroy(), seen, failed })
    })
    req.on('error', (err) => reject(err))
    req.end()
  })
}

async function rpc(ctx: Context, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(ctx.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await res.json()) as { result: unknown }).result
}

async function streams(ctx: Context, distinct: number, subscribers: number, seed: number) {
  const subs = await openSubscribers(ctx, createQueries(ctx.tokens, seed)(distinct), subscribers)
  await sleep(500)
  const id = `streams ${distinct}/${subscribers}`
  mark('start', id)
  const mined = await mineBlocks(ctx, BLOCKS, BLOCK_MS)
  mark('end', id)
  const delays: number[] = []
  /** Each block's own p99 over its subscribers: the row's p99 is its worst blocks' tail, this is the typical block. */
  const blockP99: number[] = []
  let missing = 0
  let failed = 0
  for (const [block, at] of mined) {
    const own: number[] = []
    for (const s of subs) {
      const got = s.seen.get(block)
      if (s.failed.has(block)) failed++
      if (got === undefined) missing++
      else own.push(got - at)
    }
    delays.push(...own)
    if (own.length > 0) blockP99.push(percentile(own.sort((a, b) => a - b), 99))
  }
  await closeSubscribers(subs)
  delays.sort((a, b) => a - b)
  blockP99.sort((a, b) => a - b)
  return {
    id, distinct, subscribers, blocks: mined.size, p50: percentile(delays, 50), p99: percentile(delays, 99), p99_9: percentile(delays, 99.9), max: delays.at(-1) ?? NaN, missing, failed,
    blockP99: { median: percentile(blockP99, 50), worst: blockP99.at(-1) ?? NaN },
  }
}

if (arg('--target')) {
  const ctx = JSON.parse(arg('--target')!) as Context
  await warmUp(ctx)
  const results: Record<string, unknown> = { batch: ONLY === 'streams' ? undefined : await batchVsSingles(ctx) }
  // Right before the stream rows, after the batch rounds (whose cached computations expire meanwhile).
  await warmBlocks(ctx)
  const runs = []
  // The first row is the process with no subscriber: what a block costs with nothing to re-quote.
  const rows = ONLY === 'batch' ? [] : ROWS ?? [[0, 0], [10, 1_000], [50, 1_000], [100, 1_000], [100, 100], [100, 500]] as const
  for (const [d, n] of rows) runs.push(await streams(ctx, d, n, 1_000 + d * 7 + n))
  results.streams = runs
  process.stdout.write(`${JSON.stringify(results)}\n`)
  process.exit(0)
}

// The parent is the service (the load runs in the child): from dist/ as `npm start` runs it unless `--service src`.
const { configSchema, startSwitchyard } = await loadService(arg('--service') ?? 'dist')
const config = configSchema.parse({
  chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [BENCH_API_KEY], logLevel: 'silent', rateLimitPerMinute: 10_000_000, relayer: 'off',
  watchMaxPerKey: 5_000, watchBuffer: 64, idleGc: IDLE_GC,
})
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }), ...(DUMPS === 'on' ? {} : { superviseDevnet: false as const }) })
const chain = sy.connected.chains[1]!
const ctx: Context = { httpUrl: sy.httpUrl, rpcUrl: chain.rpcUrl, tokens: Object.fromEntries(Object.values(chain.addressBook.tokens).map((t) => [t.symbol, t.address])) }
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
/** CPU ms of a process or thread from /proc (`pid` or `pid/task/tid`); NaN off Linux. */
const procCpu = (path: string | number | undefined) => {
  try {
    const st = readFileSync(`/proc/${path}/stat`, 'utf8')
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) * 10
  } catch {
    return Number.NaN
  }
}
/** The devnet's anvil: this process's child named anvil. */
const anvilPid = (() => {
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ')
      if (st.includes('(anvil)') && Number(f[1]) === process.pid) return Number(pid)
    }
  } catch {}
  return undefined
})()
type Reading = { service: number; main: number; anvil: number; load: number }
const windows = new Map<string, { start?: Reading; end?: Reading; computations?: number[] }>()
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--target', JSON.stringify(ctx), '--rounds', String(ROUNDS), '--blocks', String(BLOCKS), '--warmup', String(WARMUP), '--warm-blocks', String(WARM_BLOCKS), ...(ONLY ? ['--only', ONLY] : []), ...(arg('--rows') ? ['--rows', arg('--rows')!] : [])], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
child.on('message', ({ phase, id }: { phase: 'start' | 'end'; id: string }) => {
  const w = windows.get(id) ?? {}
  w[phase] = { service: cpu(), main: procCpu(`${process.pid}/task/${process.pid}`), anvil: procCpu(anvilPid), load: procCpu(child.pid) }
  w.computations = [...(w.computations ?? []), sy.grpc.routeStream!.watches.stats().computations]
  windows.set(id, w)
})
let out = ''
child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve))
await sy.stop()
if (exitCode !== 0) throw new Error(`the load process exited with ${exitCode}`)
const results = JSON.parse(out.trim().split('\n').pop()!) as {
  batch: { wall: Record<'singles' | 'batch', number[]>; equal: number; blocks: number[] } | undefined
  streams: { id: string; distinct: number; subscribers: number; blocks: number; p50: number; p99: number; p99_9: number; max: number; missing: number; failed: number; blockP99: { median: number; worst: number } }[]
}
const cpuOf = (id: string, of: keyof Reading = 'service') => {
  const w = windows.get(id)!
  return w.end![of] - w.start![of]
}
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 0) : '—')
if (results.batch) {
  const batchResults = results.batch
  const routes = ROUNDS * 50
  const cpuOfRounds = (mode: string) => Array.from({ length: ROUNDS }, (_, r) => cpuOf(`${mode} ${r}`)).reduce((a, b) => a + b, 0)
  const perRoute = { singles: cpuOfRounds('singles') / routes, batch: cpuOfRounds('batch') / routes }
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b)
  console.log(`\n50 cold routes as 50 singles at 32 connections vs one batch of 50 (${ROUNDS} interleaved rounds each after ${WARMUP} unmeasured rounds of both, chain 1, service from ${arg('--service') ?? 'dist'})\n`)
  console.log('| mode | switchyard CPU ms per route | wall ms per 50 routes: p50 | p99 | max |')
  console.log('|---|---|---|---|---|')
  for (const mode of ['singles', 'batch'] as const) {
    const w = sorted(batchResults.wall[mode])
    console.log(`| ${mode === 'singles' ? '50 singles, 32 connections' : 'one batch of 50'} | ${fmt(perRoute[mode])} | ${fmt(percentile(w, 50))} | ${fmt(percentile(w, 99))} | ${fmt(w.at(-1)!)} |`)
  }
  console.log(`\nbatch / singles CPU per route: ${(perRoute.batch / perRoute.singles).toFixed(2)} (target ≤ 0.5)`)
  console.log(`same block: ${batchResults.equal}/50 batch answers equal the single answers (amountOut, minAmountOut, route, blockNumber); blocks seen ${batchResults.blocks.join(', ')}`)
}
console.log(`\nstreams: a block every ${BLOCK_MS / 1000} s, ${BLOCKS} blocks per row; delay from mining to each subscriber's event for that block (REST SSE)\n`)
console.log('| distinct requests | subscribers | p50 ms | p99 ms | p99.9 ms | max ms | a block\'s own p99 ms: median / worst block | missed (of them failed) | switchyard CPU ms per block (its main thread) | anvil CPU ms per block | load generator CPU ms per block | re-quotes per block |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const s of results.streams) {
  const w = windows.get(s.id)!
  const requotes = (w.computations![1]! - w.computations![0]!) / s.blocks
  const per = (of: keyof Reading) => fmt(cpuOf(s.id, of) / s.blocks)
  console.log(`| ${s.distinct} | ${s.subscribers.toLocaleString('en-US')} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.p99_9)} | ${fmt(s.max)} | ${fmt(s.blockP99.median)} / ${fmt(s.blockP99.worst)} | ${s.missing} (${s.failed}) | ${per('service')} (${per('main')}) | ${per('anvil')} | ${per('load')} | ${fmt(requotes)} |`)
}
process.exit(0)
