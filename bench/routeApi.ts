/**
 * HTTP load on the REST route endpoint (issue 4 performance): starts switchyard in this process on
 * the embedded devnet (chain 1), then drives POST /api/v1/shortcuts/route with autocannon at 1 and 32
 * concurrent connections. Every request runs the whole path: validate → snapshot → search in the
 * worker pool → encode → eth_simulateV1 → answer. Fixed request mix (seeded), fixed durations.
 *
 * Run: npm run bench:api [-- --duration 10]
 */
import autocannon from 'autocannon'
import { pino } from 'pino'
import { configSchema } from '../src/config.js'
import { startSwitchyard } from '../src/startSwitchyard.js'

const args = process.argv.slice(2)
const duration = Number(args[args.indexOf('--duration') + 1] || 10)
const KEY = 'bench-key-0123456789abcdefghij'

const config = configSchema.parse({
  chains: [1], devnetPorts: { '1': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [KEY], logLevel: 'silent', rateLimitPerMinute: 10_000_000,
})
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
const t = Object.fromEntries(Object.values(sy.connected.chains[1]!.addressBook.tokens).map((x) => [x.symbol, x.address]))
const from = '0x000000000000000000000000000000000000b0b0'
const pairs: [string, string, string][] = [
  ['USDC', 'WETH', '25000000000'],
  ['WETH', 'USDC', '5000000000000000000'],
  ['WETH', 'WBTC', '10000000000000000000'],
  ['DAI', 'USDT', '100000000000000000000000'],
  ['UNI', 'WBTC', '2000000000000000000000'],
  ['LINK', 'USDC', '1000000000000000000000'],
]
const requests = pairs.map(([a, b, amount]) => ({
  method: 'POST' as const,
  path: '/api/v1/shortcuts/route',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
  body: JSON.stringify({ fromAddress: from, chainId: 1, tokenIn: [t[a]], tokenOut: [t[b]], amountIn: [amount], variableEstimates: {} }),
}))

// Warm-up: every pair once (snapshot, worker graphs, balance-slot probes).
for (const r of requests) {
  const res = await fetch(`${sy.httpUrl}${r.path}`, { method: 'POST', headers: r.headers, body: r.body })
  if (res.status !== 200) throw new Error(`warm-up ${res.status}: ${await res.text()}`)
}

// Cold mode: every request asks for a different amount (a seeded stream), so nothing is shared and
// each one pays for its own search and simulation. Warm mode repeats the six requests, so identical
// requests on one block share a computation (the single-flight cache).
let seed = 42
const nextAmount = (base: string) => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return (BigInt(base) + BigInt(seed % 1_000_000_000)).toString()
}
const coldRequests = requests.map((r, i) => ({
  ...r,
  setupRequest: (req: { body?: string }) => ({ ...req, body: JSON.stringify({ ...JSON.parse(r.body), amountIn: [nextAmount(pairs[i]![2])] }) }),
}))

type Row = { mode: string; connections: number; rps: number; p50: number; p90: number; p99: number; non2xx: number; errors: number }
const rows: Row[] = []
for (const [mode, reqs] of [['cold', coldRequests], ['warm', requests]] as const) for (const connections of [1, 32]) {
  const result = await autocannon({ url: sy.httpUrl, connections, duration, requests: reqs as never, pipelining: 1 })
  rows.push({
    mode,
    connections, rps: result.requests.average, p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99,
    non2xx: result.non2xx, errors: result.errors,
  })
}
await sy.stop()
console.log(`\nREST POST /api/v1/shortcuts/route on the devnet, ${duration} s per run, ${requests.length} route pairs`)
console.log('mode | connections | routes/s | p50 ms | p90 ms | p99 ms | non-2xx | errors')
for (const r of rows) console.log(`${r.mode} | ${String(r.connections).padStart(11)} | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p50).padStart(6)} | ${String(r.p90).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.non2xx).padStart(7)} | ${r.errors}`)
console.log('targets: p50 ≤ 15 ms, ≥ 300 routes/s')
process.exit(0)
