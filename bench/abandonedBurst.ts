/**
 * `npx tsx bench/abandonedBurst.ts [row]` (issue 22 item 6): how soon a switchyard serves again after a
 * burst of callers that went away. Starts switchyard on the devnet (chains 1 and 8453), then three
 * times: 40 concurrent cold requests of a `bench:api` row (default `route`; e.g. `cross-chain route
 * 1→8453`), all abandoned after 150 ms (the client aborts), then one more request, retried every 5 ms
 * while it is refused: prints the refusals and how long until it was answered.
 */
import { pino } from 'pino'
import { configSchema } from '../src/config.js'
import { startSwitchyard } from '../src/startSwitchyard.js'
import { BENCH_API_KEY, apiBenchContextOf, createApiLoads, requestBodyOf } from './createApiLoads.js'

const BURST = 40
const ABANDON_AFTER_MS = 150
const RETRY_EVERY_MS = 5
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const config = configSchema.parse({ chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [BENCH_API_KEY], logLevel: 'silent', rateLimitPerMinute: 10_000_000, relayer: 'off' })
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
const row = process.argv[2] ?? 'route'
const load = createApiLoads(apiBenchContextOf(sy.connected.chains)).find((l) => l.request === row && l.mode === 'cold')
if (!load) throw new Error(`no cold row named ${row}`)
const req = load.requests[0]!

/** Sends one fresh request of the row; resolves with its status. */
async function send(signal?: AbortSignal): Promise<number> {
  const res = await fetch(`${sy.httpUrl}${req.path}`, { method: 'POST', headers: req.headers as Record<string, string>, body: requestBodyOf(req) ?? null, ...(signal === undefined ? {} : { signal }) })
  await res.text()
  return res.status
}

for (let i = 0; i < 3; i++) await send()
for (let round = 0; round < 3; round++) {
  const abandon = new AbortController()
  const burst = Array.from({ length: BURST }, () => send(abandon.signal).catch(() => 'aborted'))
  await sleep(ABANDON_AFTER_MS)
  abandon.abort()
  await Promise.all(burst)
  const started = performance.now()
  let refused = 0
  while ((await send()) !== 200) {
    refused++
    await sleep(RETRY_EVERY_MS)
  }
  console.log(`round ${round}: after abandoning ${BURST} in-flight, ${refused} refusals, answered after ${(performance.now() - started).toFixed(0)} ms`)
}
await sy.stop()
process.exit(0)
