/**
 * Process entry: reads the configuration, starts the chains (the embedded anvil devnet by default),
 * the engine, the gRPC server and the REST gateway; prints the URLs, the address book and the API
 * key; writes `.switchyard/devnet.json`; stops everything on SIGINT/SIGTERM.
 */
import { pino } from 'pino'
import { formatAddressBook } from './chain/formatAddressBook.js'
import { loadConfig } from './config.js'
import { startSwitchyard } from './startSwitchyard.js'

const config = loadConfig()
const logger = pino({ level: config.logLevel })
const started = Date.now()
const running = await startSwitchyard({ config, logger })
const manifest = running.connected.writeManifest()

const lines = [`switchyard ready in ${Date.now() - started} ms`]
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
