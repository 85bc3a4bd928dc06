/**
 * Process entry: reads the configuration, brings up every chain (the embedded anvil devnet by
 * default), prints the address book and writes `.switchyard/devnet.json`, and stops every node it
 * started on SIGINT/SIGTERM.
 */
import { pino } from 'pino'
import { connectChains } from './chain/connectChains.js'
import { formatAddressBook } from './chain/formatAddressBook.js'
import { loadConfig } from './config.js'

const config = loadConfig()
const logger = pino({ level: config.logLevel })
const started = Date.now()
const connected = await connectChains(config, { log: (m) => logger.info(m) })
const manifest = connected.writeManifest()

const lines = [`switchyard ready in ${Date.now() - started} ms`]
for (const c of Object.values(connected.chains)) {
  lines.push(`chain ${c.chainId} (${c.source}) ${c.rpcUrl}`, ...formatAddressBook(c.addressBook))
}
lines.push(`manifest: ${manifest}`)
console.log(lines.join('\n'))

let stopping = false
async function shutdown(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  await connected.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
