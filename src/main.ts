/**
 * Process entry: reads the configuration, starts the chains (the embedded anvil devnet by default),
 * the engine, the gRPC server and the REST gateway; prints the URLs, the address book and the API
 * key; writes `.switchyard/devnet.json`; stops everything on SIGINT/SIGTERM.
 */
import { pino } from 'pino'
import { readBuildReport } from './build/readBuildReport.js'
import { formatAddressBook } from './chain/formatAddressBook.js'
import { loadConfig } from './config.js'
import { startSwitchyard } from './startSwitchyard.js'

const config = loadConfig()
const logger = pino({ level: config.logLevel })
const build = readBuildReport({ file: new URL('./.build-report.json', import.meta.url), pid: process.pid })
if (build) {
  const { skipped, mode, ms, emitted, copied, removed } = build
  const fields = { phase: skipped ? 'build skipped' : 'build', ms, mode, emitted, copied, removed: removed.length }
  logger.info(fields, skipped ? `startup: build skipped (dist/ is current) ${ms} ms` : `startup: build (${mode}) ${ms} ms`)
}
// The static imports above (viem, grpc-js, fastify, our modules) ran before this line.
const modulesMs = Math.round(performance.now() - (build?.doneAtMs ?? 0))
logger.info({ phase: 'load modules', ms: modulesMs }, `startup: load modules ${modulesMs} ms`)
const started = Date.now()
const running = await startSwitchyard({ config, logger })
const manifest = running.connected.writeManifest()
// Since the process started: Node itself, the build (under `npm start`) and every phase above.
const total = Math.round(performance.now())
logger.info({ phase: 'total', ms: total, grpc: running.grpcAddress, http: running.httpUrl }, `startup: ready in ${total} ms`)

const lines = [`switchyard ready in ${Date.now() - started} ms (${total} ms since the process started)`]
for (const c of Object.values(running.connected.chains)) {
  lines.push(`chain ${c.chainId} (${c.source}) ${c.rpcUrl}`, ...formatAddressBook(c.addressBook))
}
lines.push(
  `manifest:  ${manifest}`,
  `REST:      ${running.httpUrl}/api/v1`,
  `gRPC:      ${running.grpcAddress}`,
  running.apiKeys.developmentKey
    ? `API key:   ${running.apiKeys.developmentKey}   (generated for this run; set SWITCHYARD_API_KEYS to fix keys)`
    : `API keys:  ${running.apiKeys.size} configured`,
  `metrics:   ${running.httpUrl}/metrics`,
  `explorer:  ${running.httpUrl}/explorer   (paste the key; the route explorer, docs/api.md)`,
  `try:       curl -H "Authorization: Bearer <key>" "${running.httpUrl}/api/v1/networks"`,
)
console.log(lines.join('\n'))

// A failing request must never take the process down: anything that escapes a handler's own
// error handling is logged, and the process keeps serving.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'))
process.on('uncaughtException', (err) => logger.error({ err }, 'uncaught exception'))

let stopping = false
async function shutdown(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  await running.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
