/**
 * HTTP load on the REST route endpoint (issue 4 performance). The parent process starts switchyard on
 * the embedded devnet (chain 1); a child process drives POST /api/v1/shortcuts/route with autocannon
 * at 1 and 32 concurrent connections, so the load generator does not share the server's event loop.
 * Every request runs the whole path: validate → snapshot → search in the worker pool → encode →
 * eth_simulateV1 → answer.
 * - cold: every request asks for a different amount (seeded stream): nothing is shared.
 * - warm: six fixed requests repeat, so identical requests on one block share one computation.
 *
 * Run: npm run bench:api [-- --duration 10]
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { pino } from 'pino'
import { configSchema } from '../src/config.js'
import { startSwitchyard } from '../src/startSwitchyard.js'

const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const duration = Number(arg('--duration') ?? 10)
const KEY = 'bench-key-0123456789abcdefghij'
const PAIRS: [string, string, string][] = [
  ['USDC', 'WETH', '25000000000'],
  ['WETH', 'USDC', '5000000000000000000'],
  ['WETH', 'WBTC', '10000000000000000000'],
  ['DAI', 'USDT', '100000000000000000000000'],
  ['UNI', 'WBTC', '2000000000000000000000'],
  ['LINK', 'USDC', '1000000000000000000000'],
]
type Row = { mode: string; connections: number; rps: number; p50: number; p90: number; p99: number; non2xx: number; errors: number }

async function runLoad(target: string, tokens: Record<string, string>): Promise<Row[]> {
  const from = '0x000000000000000000000000000000000000b0b0'
  const bodyOf = (a: string, b: string, amount: string) =>
    JSON.stringify({ fromAddress: from, chainId: 1, tokenIn: [tokens[a]], tokenOut: [tokens[b]], amountIn: [amount], variableEstimates: {} })
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }
  const warm = PAIRS.map(([a, b, amount]) => ({ method: 'POST' as const, path: '/api/v1/shortcuts/route', headers, body: bodyOf(a, b, amount) }))
  let seed = 42
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
  const cold = PAIRS.map(([a, b, amount]) => ({
    method: 'POST' as const, path: '/api/v1/shortcuts/route', headers,
    setupRequest: (req: Record<string, unknown>) => ({ ...req, body: bodyOf(a, b, (BigInt(amount) + BigInt(next() % 1_000_000_000)).toString()) }),
  }))
  const rows: Row[] = []
  for (const [mode, requests] of [['cold', cold], ['warm', warm]] as const) {
    for (const connections of [1, 32]) {
      const r = await autocannon({ url: target, connections, duration, requests: requests as never, pipelining: 1 })
      rows.push({ mode, connections, rps: r.requests.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors })
    }
  }
  return rows
}

if (arg('--target')) {
  // Child: the load generator.
  const rows = await runLoad(arg('--target')!, JSON.parse(arg('--tokens')!) as Record<string, string>)
  process.stdout.write(`${JSON.stringify(rows)}\n`)
  process.exit(0)
}

const config = configSchema.parse({
  chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', rateLimitPerMinute: 10_000_000,
})
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
const tokens = Object.fromEntries(Object.values(sy.connected.chains[1]!.addressBook.tokens).map((x) => [x.symbol, x.address]))
// Warm-up: every pair once (snapshot, worker graphs, balance-slot probes).
for (const [a, b, amount] of PAIRS) {
  const res = await fetch(`${sy.httpUrl}/api/v1/shortcuts/route`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ fromAddress: '0x000000000000000000000000000000000000b0b0', chainId: 1, tokenIn: [tokens[a]], tokenOut: [tokens[b]], amountIn: [amount], variableEstimates: {} }),
  })
  if (res.status !== 200) throw new Error(`warm-up ${res.status}: ${await res.text()}`)
}
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--target', sy.httpUrl, '--tokens', JSON.stringify(tokens), '--duration', String(duration)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
let out = ''
child.stdout.on('data', (d: Buffer) => (out += d.toString()))
await new Promise((resolve) => child.on('exit', resolve))
await sy.stop()
const rows = JSON.parse(out.trim().split('\n').pop() ?? '[]') as Row[]
console.log(`\nREST POST /api/v1/shortcuts/route on the devnet, ${duration} s per run, ${PAIRS.length} route pairs, load from a separate process`)
console.log('mode | connections | routes/s | p50 ms | p90 ms | p99 ms | non-2xx | errors')
for (const r of rows) {
  console.log(`${r.mode} | ${String(r.connections).padStart(11)} | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p50).padStart(6)} | ${String(r.p90).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.non2xx).padStart(7)} | ${r.errors}`)
}
console.log('targets: p50 ≤ 15 ms, ≥ 300 routes/s')
process.exit(0)
