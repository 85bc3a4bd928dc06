import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPublicClient, http, type PublicClient } from 'viem'
import type { Config } from '../config.js'
import type { ChainAddressBook, DevnetManifest } from './addressBook.js'
import { createNodeFetch } from './createNodeFetch.js'
import { discoverAddressBook } from './discoverAddressBook.js'
import { loadScenario, defaultScenarioPath } from './devnet/scenario.js'
import { startDevnet, type Devnet } from './devnet/startDevnet.js'

/** One chain switchyard serves, on the embedded devnet or an external node. */
export type ChainRuntime = {
  chainId: number
  rpcUrl: string
  source: 'devnet' | 'external'
  client: PublicClient
  addressBook: ChainAddressBook
}

/** Every configured chain, plus the devnet handle when any chain runs on it. */
export type ConnectedChains = {
  chains: Record<number, ChainRuntime>
  devnet: Devnet | undefined
  /** Writes `<stateDir>/devnet.json`: RPC URL and address book per chain. */
  writeManifest(): string
  /** Stops the devnet nodes we started (external nodes are left alone). */
  stop(): Promise<void>
}

/**
 * Brings up every configured chain: chains with `SWITCHYARD_RPC_<id>` use that node (nothing is
 * deployed; the address book is discovered), the others start on the embedded anvil devnet.
 * @returns the running chains
 */
export async function connectChains(config: Config, { log }: { log?: (m: string) => void } = {}): Promise<ConnectedChains> {
  const scenarioPath = config.scenarioPath ?? defaultScenarioPath
  const devnetChains = config.chains.filter((id) => !config.rpc[String(id)])
  const ports: Record<number, number> = {}
  for (const [k, v] of Object.entries(config.devnetPorts)) ports[Number(k)] = v
  const devnet = devnetChains.length
    ? await startDevnet({ chains: devnetChains, scenarioPath, ports, cacheDir: join(config.stateDir, 'cache'), log })
    : undefined
  const chains: Record<number, ChainRuntime> = {}
  try {
    for (const chainId of config.chains) {
      const external = config.rpc[String(chainId)]
      if (external) {
        const client = createPublicClient({ transport: http(external, { fetchFn: createNodeFetch() }) }) as PublicClient
        const { scenario } = loadScenario(scenarioPath)
        const tokens = scenario.chains[String(chainId)]?.tokens ?? []
        const addressBook = await discoverAddressBook(client, { chainId, tokens })
        chains[chainId] = { chainId, rpcUrl: external, source: 'external', client, addressBook }
        log?.(`chain ${chainId}: external node ${new URL(external).host}`)
      } else {
        const d = devnet?.chains[chainId]
        if (!d) throw new Error(`devnet chain ${chainId} did not start`)
        chains[chainId] = { chainId, rpcUrl: d.rpcUrl, source: 'devnet', client: d.client as unknown as PublicClient, addressBook: d.addressBook }
      }
    }
  } catch (cause) {
    await devnet?.stop()
    throw cause
  }
  return {
    chains,
    devnet,
    writeManifest() {
      const manifest: DevnetManifest = { scenario: scenarioPath, chains: {} }
      for (const c of Object.values(chains)) manifest.chains[c.chainId] = { rpcUrl: c.rpcUrl, addressBook: c.addressBook }
      mkdirSync(config.stateDir, { recursive: true })
      const file = join(config.stateDir, 'devnet.json')
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`)
      return file
    },
    async stop() {
      await devnet?.stop()
    },
  }
}
