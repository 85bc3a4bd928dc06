import type { ScanCreationLogsReturnType } from './scanCreationLogs.js'
import { BELOW_FLOOR } from './buildDiscoveredBook.js'
import type { DiscoveredProtocol, DiscoveryLogger, DiscoveryStatus } from './discoveryStatus.js'

/** Pools or tokens named in one log line at most. */
const EXAMPLES = 5

/**
 * Writes what discovery found and left out: one summary line; one line per family and reason for the
 * pools left out (below the floor at info, as expected; any other reason at warn, with the count and a
 * few examples); the logs that did not decode; the tokens that cannot be served.
 */
export function logDiscovery(log: DiscoveryLogger | undefined, { status, skipped, logs, notVaults, unusableTokens }: {
  status: DiscoveryStatus
  skipped: Record<DiscoveredProtocol, Map<string, string[]>>
  logs: ScanCreationLogsReturnType
  notVaults: number
  unusableTokens: ReadonlyMap<string, string>
}): void {
  if (!log) return
  const { chainId } = status
  const indexed = Object.values(status.pools).reduce((n, c) => n + c.indexed, 0)
  const above = Object.values(status.pools).reduce((n, c) => n + c.aboveFloor, 0)
  log.info(
    {
      chainId, indexedBlock: status.indexedBlock.toString(), firstBlockRead: status.firstBlockRead?.toString() ?? null, minPoolTvlUsd: status.minPoolTvlUsd,
      pools: status.pools, tokens: status.tokens, logRequests: status.logRequests, logRefusals: status.logRefusals, ms: status.ms, indexFile: status.indexFile,
      notVaults,
    },
    `discovery: chain ${chainId} indexed to block ${status.indexedBlock}: ${indexed} pools, ${above} above the $${status.minPoolTvlUsd} floor, ${status.tokens} tokens in them (${status.logRequests} eth_getLogs calls, ${status.logRefusals} refused)`,
  )
  for (const [protocol, reasons] of Object.entries(skipped)) {
    for (const [reason, keys] of reasons) {
      const fields = { chainId, protocol, reason, count: keys.length, examples: keys.slice(0, EXAMPLES) }
      const message = `discovery: ${keys.length} ${protocol} pool(s) left out of the search graph: ${reason}`
      if (reason === BELOW_FLOOR) log.info(fields, message)
      else log.warn(fields, message)
    }
  }
  if (logs.undecodable > 0) log.warn({ chainId, count: logs.undecodable }, `discovery: ${logs.undecodable} creation log(s) did not decode and were skipped`)
  if (unusableTokens.size > 0) {
    const examples = [...unusableTokens].slice(0, EXAMPLES).map(([address, reason]) => ({ address, reason }))
    log.warn({ chainId, count: unusableTokens.size, examples }, `discovery: ${unusableTokens.size} token(s) cannot be served (no code or no decimals()): their pools are left out`)
  }
}
