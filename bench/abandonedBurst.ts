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
import { BENCH_API_KEY, createApiLoads } from './createApiLoads.js'
const config = configSchema.parse({ chains: [1, 8453], devnetPorts: { '1': 0, '8453': 0 }, httpPort: 0, grpcPort: 0, apiKeys: [BENCH_API_KEY], logLevel: 'silent', rateLimitPerMinute: 10_000_000, relayer: 'off' })
const sy = await startSwitchyard({ config, logger: pino({ level: 'silent' }) })
const book = sy.connected.chains[1]!.addressBook
const context = { tokens: Object.fromEntries(Object.values(book.tokens).map((x) => [x.symbol, x.address])), uniswapV2Router02: book.uniswapV2.router02, aaveV3Pool: book.aaveV3!.pool, baseTokens: Object.fromEntries(Object.values(sy.connected.chains[8453]!.addressBook.tokens).map((x) => [x.symbol, x.address])) }
const loads = createApiLoads(context as never)
const cold = loads.find((l) => l.request === (process.argv[2] ?? 'route') && l.mode === 'cold')!.requests[0]!
const send = async (signal?: AbortSignal) => { const setup = cold.setupRequest as (r: typeof cold, c: object) => { body?: unknown }; const body = setup({ ...cold }, {}).body; const res = await fetch(`${sy.httpUrl}${cold.path}`, { method: 'POST', headers: cold.headers as Record<string, string>, body: body as string, ...(signal === undefined ? {} : { signal }) }); await res.text(); return res.status }
for (let i = 0; i < 3; i++) await send()
for (let round = 0; round < 3; round++) {
  const ac = new AbortController()
  const burst = Array.from({ length: 40 }, () => send(ac.signal).catch(() => 'aborted'))
  await new Promise((r) => setTimeout(r, 150))
  ac.abort(); await Promise.all(burst)
  const t0 = performance.now(); let refused = 0
  for (;;) { const s = await send(); if (s === 200) break; refused++; await new Promise((r) => setTimeout(r, 5)) }
  console.log(`round ${round}: after aborting 40 in-flight, ${refused} refusals, admitted after ${(performance.now() - t0).toFixed(0)} ms`)
}
process.exit(0)
