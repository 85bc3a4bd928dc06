import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Address, Hex } from 'viem'
import { layerZeroDeployments, type ChainAddressBook } from '../addressBook.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { deploySwitchyardContracts } from '../../contracts/deploySwitchyardContracts.js'
import { createDevnetClient, devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployProtocols } from './deployProtocols.js'
import { deployLayerZero } from './deployLayerZero.js'
import { fundAccount, type FundAccountParameters } from './fundAccount.js'
import { protocolPackageVersions } from './protocolArtifacts.js'
import { defaultScenarioPath, loadScenario, type Scenario } from './scenario.js'
import { seedScenario } from './seedScenario.js'
import { seedMorphoBlue } from './seedMorphoBlue.js'
import { startAnvil, type AnvilNode } from './startAnvil.js'

/** Parameters of {@link startDevnet}. */
export type StartDevnetParameters = {
  /** Chains to start; defaults to every chain in the scenario. */
  chains?: readonly number[] | undefined
  /** Scenario file; defaults to the shipped `scenarios/default.json`. */
  scenarioPath?: string | undefined
  /** Fixed ports per chain; chains without one get a free port. */
  ports?: Readonly<Record<number, number>> | undefined
  /** Directory for the built-state cache; defaults to `<project>/.switchyard/cache`. */
  cacheDir?: string | undefined
  /** Set false to always build from scratch (never read or write the cache). */
  useCache?: boolean | undefined
  /** Progress messages. */
  log?: ((message: string) => void) | undefined
}

/** One running devnet chain. */
export type DevnetChain = {
  chainId: number
  rpcUrl: string
  client: DevnetClient
  addressBook: ChainAddressBook
  node: AnvilNode
  /** True when the state came from the cache rather than a fresh build. */
  fromCache: boolean
}

/** A running devnet: one anvil per chain. */
export type Devnet = {
  scenario: Scenario
  chains: Record<number, DevnetChain>
  /** Funds an address with native coin or a scenario token on one chain. */
  fund(params: FundAccountParameters & { chainId: number }): Promise<bigint>
  /** Stops every node; safe to call twice. */
  stop(): Promise<void>
}


const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** Files whose content defines the built state: deploy/seed code and our compiled contracts. */
function buildInputsHash(scenarioRaw: string, chainId: number): string {
  const h = createHash('sha256').update('devnet-v1').update(String(chainId)).update(scenarioRaw)
  h.update(JSON.stringify(protocolPackageVersions()))
  const here = dirname(fileURLToPath(import.meta.url))
  const morphoArtifacts = join(here, '../../contracts/generated/morpho-blue')
  for (const dir of [here, join(here, '..'), join(here, '../../contracts/artifacts'), join(here, '../../contracts'), morphoArtifacts]) {
    if (!existsSync(dir)) continue
    for (const f of readdirSync(dir).sort()) {
      if (/\.(ts|js|json)$/.test(f) && !/\.test\.(ts|js)$/.test(f)) h.update(f).update(readFileSync(join(dir, f)))
    }
  }
  return h.digest('hex').slice(0, 16)
}

async function buildChain(client: DevnetClient, scenario: Scenario): Promise<ChainAddressBook> {
  const chainId = client.chain.id
  const chain = scenario.chains[String(chainId)]
  if (!chain) throw new DevnetDeployError({ chainId, step: 'scenario has no such chain' })
  // Deterministic block timestamps: every mined block advances exactly 12 s from the genesis time.
  await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [12] as never })
  const book = await deployProtocols(client, { tokens: chain.tokens })
  await seedScenario(client, { book, pools: chain.pools, vaults: chain.vaults, staking: chain.staking, aave: chain.aave })
  if (chain.morpho) await seedMorphoBlue(client, { book, morpho: chain.morpho })
  // Our router, executor, delegate and helpers: CREATE2, so the addresses are the same on every chain.
  book.switchyard = await deploySwitchyardContracts(client, { account: devnetDeployer })
  // LayerZero last, so every address above keeps its deployer nonce, and in blocks that do not
  // advance the clock, so the chain's final timestamp (Aave's interest indexes) stays as before.
  const lz = layerZeroDeployments[chainId]
  if (lz) {
    await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [0] as never })
    const remoteEids = Object.keys(scenario.chains).map(Number).filter((id) => id !== chainId).flatMap((id) => layerZeroDeployments[id]?.eid ?? [])
    book.layerZero = await deployLayerZero(client, { endpoint: lz.endpoint, eid: lz.eid, remoteEids })
  }
  await client.request({ method: 'anvil_removeBlockTimestampInterval' as never, params: [] as never })
  return book
}

function cachePaths(params: StartDevnetParameters, chainId: number, key: string): { state: string; book: string } {
  const dir = params.cacheDir ?? join(projectRoot, '.switchyard', 'cache')
  return { state: join(dir, `devnet-${chainId}-${key}.state.json`), book: join(dir, `devnet-${chainId}-${key}.book.json`) }
}

/** Writes a file atomically (write, then rename), so parallel test workers never read half a file. */
function writeAtomic(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, content)
  renameSync(tmp, path)
}

async function startChain(chainId: number, scenario: Scenario, scenarioRaw: string, params: StartDevnetParameters): Promise<DevnetChain> {
  const log = params.log ?? (() => {})
  const useCache = params.useCache ?? true
  const key = buildInputsHash(scenarioRaw, chainId)
  const paths = cachePaths(params, chainId, key)
  const cached = useCache && existsSync(paths.state) && existsSync(paths.book)
  const node = await startAnvil({
    chainId,
    port: params.ports?.[chainId],
    extraArgs: cached ? ['--load-state', paths.state] : ['--timestamp', String(scenario.genesisTimestamp)],
  })
  try {
    const client = createDevnetClient({ rpcUrl: node.rpcUrl, chainId })
    if (cached) {
      const addressBook = JSON.parse(readFileSync(paths.book, 'utf8')) as ChainAddressBook
      log(`chain ${chainId}: loaded cached state ${key}`)
      return { chainId, rpcUrl: node.rpcUrl, client, addressBook, node, fromCache: true }
    }
    const started = Date.now()
    const addressBook = await buildChain(client, scenario)
    log(`chain ${chainId}: deployed and seeded in ${Date.now() - started} ms`)
    if (useCache) {
      // anvil_dumpState answers gzip-compressed JSON; `anvil --load-state` reads the plain JSON.
      const dump = (await client.request({ method: 'anvil_dumpState' as never, params: [] as never })) as Hex
      writeAtomic(paths.state, gunzipSync(Buffer.from(dump.slice(2), 'hex')))
      writeAtomic(paths.book, JSON.stringify(addressBook, null, 2))
    }
    return { chainId, rpcUrl: node.rpcUrl, client, addressBook, node, fromCache: false }
  } catch (cause) {
    await node.stop()
    throw cause
  }
}

/**
 * Starts the embedded devnet: one anvil per chain on loopback, with real protocol bytecode at
 * canonical addresses and the scenario's pools seeded. The first start builds the state (a few
 * seconds) and caches an anvil state dump keyed by a hash of the scenario, the npm protocol
 * packages and our contracts; later starts load it. Deleting `.switchyard/cache` always rebuilds.
 *
 * @example
 * const devnet = await startDevnet({ chains: [1] })
 * await devnet.fund({ chainId: 1, address: me, token: 'USDC', amount: 1_000_000n })
 * await devnet.stop()
 *
 * @returns the running devnet
 * @throws DevnetStartError | DevnetDeployError
 */
export async function startDevnet(params: StartDevnetParameters = {}): Promise<Devnet> {
  const { scenario, raw } = loadScenario(params.scenarioPath ?? defaultScenarioPath)
  const chainIds = params.chains ?? Object.keys(scenario.chains).map(Number)
  const results = await Promise.allSettled(chainIds.map((id) => startChain(id, scenario, raw, params)))
  const chains: Record<number, DevnetChain> = {}
  for (const r of results) if (r.status === 'fulfilled') chains[r.value.chainId] = r.value
  const stop = async () => {
    await Promise.all(Object.values(chains).map((c) => c.node.stop()))
  }
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  return {
    scenario,
    chains,
    stop,
    async fund({ chainId, ...rest }) {
      const chain = chains[chainId]
      if (!chain) throw new DevnetDeployError({ chainId, step: 'fund: chain not running' })
      return fundAccount(chain.client, chain.addressBook, rest)
    },
  }
}

export type { Address }
