import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPublicClient, http, type PublicClient } from 'viem'
import type { Config } from '../config.js'
import type { ChainAddressBook } from './addressBook.js'
import type { DevnetManifest } from './readDevnetManifest.js'
import { createNodeFetch } from './createNodeFetch.js'
import { guardChainId, type ChainIdGuard } from './guardChainId.js'
import { redactRpcUrl } from './redactRpcUrl.js'
import { assertChainContracts } from './assertChainContracts.js'
import { discoverAddressBook } from './discoverAddressBook.js'
import type { SharedIndexStore } from './discovery/discoverPools.js'
import type { DiscoveryLogger, DiscoveryStatus } from './discovery/discoveryStatus.js'
import { readTokenList, type ListedToken } from './discovery/readTokenList.js'
import { defaultScenarioPath } from './devnet/scenario.js'
import { startDevnet, type Devnet } from './devnet/startDevnet.js'

/** One chain switchyard serves, on the embedded devnet or an external node. */
export type ChainRuntime = {
  chainId: number
  rpcUrl: string
  source: 'devnet' | 'external'
  client: PublicClient
  addressBook: ChainAddressBook
  /** External nodes only: the `eth_chainId` guard every call of `client` goes through. */
  chainIdGuard?: ChainIdGuard | undefined
  /** External nodes only: what pool discovery found (index, floor, counts). */
  discovery?: DiscoveryStatus | undefined
  /**
   * The node's WebSocket endpoint, where it announces new heads (`eth_subscribe`): the devnet's anvil on
   * its HTTP port, an external node's from `SWITCHYARD_WS_<chainId>`. Route streams follow heads through
   * it; without one they read the head every `SWITCHYARD_WATCH_POLL_MS`.
   */
  wsUrl?: string | undefined
}

/** Options of {@link connectChains}. */
export type ConnectChainsOptions = {
  log?: ((m: string) => void) | undefined
  /** Longest time between two `eth_chainId` checks of an external node (ms); default 5 s. */
  chainIdCheckMs?: number | undefined
  /** Called when an external node starts (error) or stops (undefined) reporting another chain. */
  onChainIdChange?: ((chainId: number, error: Error | undefined) => void) | undefined
  /** Devnet nodes that die are restarted from their recent state (`<stateDir>/run`); default on. */
  superviseDevnet?: { dumpIntervalMs?: number | undefined } | false | undefined
  /** Where external-node discovery reports what it found and left out. */
  logger?: DiscoveryLogger | undefined
  /** The replicas' shared store (Redis): external-node discovery shares its index there and starts warm from it. */
  sharedIndex?: SharedIndexStore | undefined
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
 * deployed; the address book is discovered), the others start on the embedded anvil devnet. An
 * external node must report the configured chain id, at startup and afterwards (see `guardChainId`).
 * @returns the running chains
 * @throws ChainIdMismatchError when a node reports another chain id (names both ids and the URL
 * without credentials); MissingChainContractError when an external chain lacks Multicall3 or our contracts
 * (names the chain, the contract and what to do)
 */
export async function connectChains(config: Config, { log, chainIdCheckMs, onChainIdChange, superviseDevnet = {}, logger, sharedIndex }: ConnectChainsOptions = {}): Promise<ConnectedChains> {
  const scenarioPath = config.scenarioPath ?? defaultScenarioPath
  const devnetChains = config.chains.filter((id) => !config.rpc[String(id)])
  const ports: Record<number, number> = {}
  for (const [k, v] of Object.entries(config.devnetPorts)) ports[Number(k)] = v
  const devnet = devnetChains.length
    ? await startDevnet({
      chains: devnetChains, scenarioPath, ports, cacheDir: join(config.stateDir, 'cache'), log,
      supervise: superviseDevnet === false ? undefined : { stateDir: join(config.stateDir, 'run'), dumpIntervalMs: superviseDevnet.dumpIntervalMs },
    })
    : undefined
  const chains: Record<number, ChainRuntime> = {}
  let tokenLists: Map<number, ListedToken[]> | undefined
  try {
    for (const chainId of config.chains) {
      const external = config.rpc[String(chainId)]
      if (external) {
        const chainIdGuard = guardChainId({ chainId, url: external, intervalMs: chainIdCheckMs, onChange: (e) => onChainIdChange?.(chainId, e) })
        const fetchFn = createNodeFetch()
        const client = createPublicClient({ transport: chainIdGuard.transport(http(external, { fetchFn, maxResponseBodySize: false })) }) as PublicClient
        // Log reads are not retried by viem: a refused range is answered with a smaller one at once.
        const logClient = createPublicClient({ transport: chainIdGuard.transport(http(external, { fetchFn, maxResponseBodySize: false, retryCount: 0, timeout: 30_000 })) }) as PublicClient
        // Refuse a node of another chain before reading anything from it.
        await chainIdGuard.check()
        // Stop with what is missing and what to do, before discovery fails on it as "node unavailable".
        await assertChainContracts(client, { chainId, url: redactRpcUrl(external) })
        tokenLists ??= config.tokenListPath ? readTokenList(config.tokenListPath) : new Map()
        const startBlock = config.discoveryStartBlocks[String(chainId)]
        const { book: addressBook, discovery } = await discoverAddressBook(client, {
          chainId, stateDir: config.stateDir, minPoolTvlUsd: config.minPoolTvlUsd, maxLogRange: BigInt(config.logBlockRange),
          startBlock: startBlock === undefined ? undefined : BigInt(startBlock), tokenList: tokenLists.get(chainId), logger, logClient, shared: sharedIndex,
        })
        chains[chainId] = { chainId, rpcUrl: external, source: 'external', client, addressBook, chainIdGuard, discovery, wsUrl: config.ws[String(chainId)] }
        log?.(`chain ${chainId}: external node ${redactRpcUrl(external)}`)
      } else {
        const d = devnet?.chains[chainId]
        if (!d) throw new Error(`devnet chain ${chainId} did not start`)
        chains[chainId] = { chainId, rpcUrl: d.rpcUrl, source: 'devnet', client: d.client as unknown as PublicClient, addressBook: d.addressBook, wsUrl: d.rpcUrl.replace(/^http/, 'ws') }
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
