import { readFileSync, statSync } from 'node:fs'
import type { ChainAddressBook } from '../addressBook.js'
import { createDevnetClient } from './createDevnetClient.js'
import type { DevnetChain } from './devnetChain.js'
import type { ChainPlan } from './planChains.js'
import type { Scenario } from './scenario.js'
import { startAnvil } from './startAnvil.js'
import type { StartDevnetParameters } from './startDevnetParameters.js'

/**
 * Starts one chain's anvil: from its cached state when the plan reads one, else empty at the
 * scenario's genesis time (the address book is then filled in by `buildChain`).
 * @returns the running chain
 */
export async function startNode(plan: ChainPlan, scenario: Scenario, params: StartDevnetParameters): Promise<DevnetChain> {
  const { chainId, read } = plan
  const node = await startAnvil({
    chainId,
    port: params.ports?.[chainId],
    extraArgs: read ? ['--load-state', read.state] : ['--timestamp', String(scenario.genesisTimestamp)],
    // Loading state takes time in proportion to its size (the large world's chain 1 dumps 2.8 GB):
    // 15 s, and 30 s more per GB.
    readyTimeoutMs: 15_000 + (read ? Math.ceil((statSync(read.state).size / 2 ** 30) * 30_000) : 0),
  })
  const client = createDevnetClient({ rpcUrl: node.rpcUrl, chainId })
  // A fresh chain's book is filled in by buildChain before startDevnet returns.
  const addressBook = read ? (JSON.parse(readFileSync(read.book, 'utf8')) as ChainAddressBook) : ({ chainId } as ChainAddressBook)
  return { chainId, rpcUrl: node.rpcUrl, client, addressBook, node, fromCache: read !== undefined }
}
