import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Address, Hex } from 'viem'
import type { ChainAddressBook } from '../addressBook.js'
import { layerZeroDeployments, stargateDeployments } from '../canonicalAddresses.js'
import { DevnetDeployError } from '../../errors/chain.js'
import { deploySwitchyardContracts } from '../../contracts/deploySwitchyardContracts.js'
import { createDevnetClient, devnetDeployer, type DevnetClient } from './createDevnetClient.js'
import { deployProtocols } from './deployProtocols.js'
import { deployLayerZero } from './deployLayerZero.js'
import { deployStargate } from './deployStargate.js'
import { acrossDeployments, deployAcross, type AcrossRouteEntry } from './deployAcross.js'
import { deployBridgeReceiver } from '../../contracts/deployBridgeReceiver.js'
import { fundAccount, type FundAccountParameters } from './fundAccount.js'
import { linkStargate } from './linkStargate.js'
import { loadProtocolArtifact, protocolPackageVersions } from './protocolArtifacts.js'
import { defaultScenarioPath, loadScenario, type Scenario } from './scenario.js'
import { seedScenario } from './seedScenario.js'
import { seedMorphoBlue } from './seedMorphoBlue.js'
import { sendTx } from './sendTx.js'
import { startAnvil, type AnvilNode } from './startAnvil.js'
import { keepDevnetClock } from './keepDevnetClock.js'
import { superviseAnvil, type SupervisedAnvil } from './superviseAnvil.js'

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
  /**
   * Restart a node that dies (kill -9, crash) on the same port from its recent state, dumped to
   * `stateDir` whenever the head moves (at most every `dumpIntervalMs`, default 5 s); see `superviseAnvil`.
   */
  supervise?: { stateDir: string; dumpIntervalMs?: number | undefined } | undefined
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
  /** Present when the node is supervised (`StartDevnetParameters.supervise`); `node` is then the same object. */
  supervisor?: SupervisedAnvil | undefined
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

/**
 * Chains whose Stargate pools are linked by credits when started together: scenario chains with a
 * `stargate` section, mainnet Stargate addresses and a LayerZero endpoint, ascending.
 */
function stargateGroup(scenario: Scenario): number[] {
  return Object.entries(scenario.chains)
    .filter(([id, chain]) => chain.stargate && stargateDeployments[Number(id)] && layerZeroDeployments[Number(id)])
    .map(([id]) => Number(id))
    .sort((a, b) => a - b)
}

/**
 * Files whose content defines the built state: deploy/seed code and our compiled contracts. A chain
 * linked to others (Stargate credits) has a different state than the same chain built alone, so
 * `linkedWith` (the chains linked together, or none) is part of the key.
 */
function buildInputsHash(scenarioRaw: string, chainId: number, linkedWith: readonly number[]): string {
  const h = createHash('sha256').update('devnet-v1').update(String(chainId)).update(scenarioRaw)
  h.update(linkedWith.length ? `linked:${linkedWith.join(',')}` : 'solo')
  h.update(JSON.stringify(protocolPackageVersions()))
  const here = dirname(fileURLToPath(import.meta.url))
  const morphoArtifacts = join(here, '../../contracts/generated/morpho-blue')
  const acrossArtifacts = join(here, '../../contracts/generated/across')
  for (const dir of [here, join(here, '..'), join(here, '../../contracts/artifacts'), join(here, '../../contracts'), morphoArtifacts, acrossArtifacts]) {
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
  book.switchyard = await deploySwitchyardContracts(client, {
    account: devnetDeployer,
    uniswapV4: book.uniswapV4 ? { poolManager: book.uniswapV4.poolManager, weth: book.weth } : undefined,
  })
  // LayerZero and Stargate last, so every address above keeps its deployer nonce, and in blocks that do
  // not advance the clock, so the chain's final timestamp (Aave's interest indexes) stays as before.
  const lz = layerZeroDeployments[chainId]
  if (lz) {
    await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [0] as never })
    const remoteEids = Object.keys(scenario.chains).map(Number).filter((id) => id !== chainId).flatMap((id) => layerZeroDeployments[id]?.eid ?? [])
    book.layerZero = await deployLayerZero(client, { endpoint: lz.endpoint, eid: lz.eid, remoteEids })
    const deployment = stargateDeployments[chainId]
    if (chain.stargate && deployment) {
      // Peers and fee configs for every Stargate chain of the scenario: their addresses are static.
      const remotes = stargateGroup(scenario)
        .filter((id) => id !== chainId)
        .map((id) => ({ eid: layerZeroDeployments[id]!.eid, deployment: stargateDeployments[id]! }))
      book.stargate = await deployStargate(client, { layerZero: book.layerZero, deployment, remotes, tokens: book.tokens, stargate: chain.stargate })
    }
  }
  // Across V3: USDC and WETH to every other scenario chain that has the same token.
  if (acrossDeployments[chainId]) {
    await client.request({ method: 'anvil_setBlockTimestampInterval' as never, params: [0] as never })
    const routes: AcrossRouteEntry[] = []
    for (const [other, remote] of Object.entries(scenario.chains)) {
      if (Number(other) === chainId || !acrossDeployments[Number(other)]) continue
      for (const symbol of ['USDC', 'WETH']) {
        const here = chain.tokens.find((t) => t.symbol === symbol)
        const there = remote.tokens.find((t) => t.symbol === symbol)
        if (here?.address && there?.address) routes.push({ token: here.address as Address, destinationChainId: Number(other), outputToken: there.address as Address })
      }
    }
    if (routes.length > 0) book.across = await deployAcross(client, { book, routes })
  }
  // Our destination receiver pins this chain's endpoint, spoke pool and Stargate pools.
  const sy = book.switchyard as { bridgeSender: Address }
  if (book.layerZero || book.across) {
    Object.assign(book.switchyard, await deployBridgeReceiver(client, {
      account: devnetDeployer,
      endpoint: book.layerZero?.endpoint ?? '0x0000000000000000000000000000000000000000',
      spokePool: book.across?.spokePool ?? '0x0000000000000000000000000000000000000000',
      bridgeSender: sy.bridgeSender,
      stargatePools: (book.stargate?.pools ?? []).map((p) => p.pool),
    }))
  }
  await client.request({ method: 'anvil_removeBlockTimestampInterval' as never, params: [] as never })
  return book
}

/**
 * Links the chains' Stargate pools (credits over LayerZero), in blocks that do not advance their
 * clocks. The planner's LayerZero fees go back to it afterwards, so a booted chain's send library
 * holds only the fees of messages sent after boot, linked or not.
 */
async function linkChains(chains: readonly DevnetChain[], scenario: Scenario): Promise<void> {
  const interval = (c: DevnetChain, params: unknown[]) =>
    c.client.request({ method: (params.length ? 'anvil_setBlockTimestampInterval' : 'anvil_removeBlockTimestampInterval') as never, params: params as never })
  for (const c of chains) await interval(c, [0])
  await linkStargate({
    chains: chains.map((c) => ({ client: c.client, book: c.addressBook, creditPct: scenario.chains[String(c.chainId)]?.stargate?.creditPct ?? 0 })),
  })
  const libAbi = loadProtocolArtifact('LayerZeroSimpleMessageLib').abi
  for (const c of chains) {
    const sendLib = c.addressBook.layerZero?.sendLib
    const fees = sendLib ? await c.client.getBalance({ address: sendLib }) : 0n
    if (sendLib && fees > 0n) await sendTx(c.client, { address: sendLib, abi: libAbi, functionName: 'withdrawFee', args: [devnetDeployer, fees] })
    await interval(c, [])
  }
}

type CachePaths = { state: string; book: string }

function cachePaths(params: StartDevnetParameters, chainId: number, key: string): CachePaths {
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

/** Where one chain's state is read from (if cached) and written to (if built). */
type ChainPlan = { chainId: number; read: CachePaths | undefined; write: CachePaths }

/**
 * Decides which cached states to load. Chains linked together load only as a set built together (a
 * state linked with another build of its peer would disagree on LayerZero nonces), else all are
 * rebuilt. A chain started alone may load its linked state: the credits towards absent peers are
 * harmless, and it saves a build when the full devnet was cached first.
 */
function planChains(params: StartDevnetParameters, scenario: Scenario, raw: string, chainIds: readonly number[]): { plans: ChainPlan[]; linked: number[] } {
  const group = stargateGroup(scenario)
  const started = group.filter((id) => chainIds.includes(id))
  const linked = started.length >= 2 ? started : []
  const exists = (p: CachePaths) => existsSync(p.state) && existsSync(p.book)
  const plans = chainIds.map((chainId): ChainPlan => {
    const write = cachePaths(params, chainId, buildInputsHash(raw, chainId, linked))
    const candidates = [write]
    if (!linked.length && group.length >= 2 && group.includes(chainId)) candidates.push(cachePaths(params, chainId, buildInputsHash(raw, chainId, group)))
    const read = (params.useCache ?? true) ? candidates.find(exists) : undefined
    return { chainId, read, write }
  })
  if (linked.length && plans.some((p) => !p.read)) for (const p of plans) p.read = undefined
  return { plans, linked }
}

async function startNode(plan: ChainPlan, scenario: Scenario, params: StartDevnetParameters): Promise<DevnetChain> {
  const { chainId, read } = plan
  const node = await startAnvil({
    chainId,
    port: params.ports?.[chainId],
    extraArgs: read ? ['--load-state', read.state] : ['--timestamp', String(scenario.genesisTimestamp)],
  })
  const client = createDevnetClient({ rpcUrl: node.rpcUrl, chainId })
  // A fresh chain's book is filled in by buildChain before startDevnet returns.
  const addressBook = read ? (JSON.parse(readFileSync(read.book, 'utf8')) as ChainAddressBook) : ({ chainId } as ChainAddressBook)
  return { chainId, rpcUrl: node.rpcUrl, client, addressBook, node, fromCache: read !== undefined }
}

async function writeCache(chain: DevnetChain, paths: CachePaths): Promise<void> {
  // anvil_dumpState answers gzip-compressed JSON; `anvil --load-state` reads the plain JSON.
  const dump = (await chain.client.request({ method: 'anvil_dumpState' as never, params: [] as never })) as Hex
  writeAtomic(paths.state, gunzipSync(Buffer.from(dump.slice(2), 'hex')))
  writeAtomic(paths.book, JSON.stringify(chain.addressBook, null, 2))
}

/**
 * Starts the embedded devnet: one anvil per chain on loopback, with real protocol bytecode at
 * canonical addresses and the scenario's pools seeded. A fresh start builds every chain, then, when
 * two or more Stargate chains run together, links them (the planner's credits travel over
 * LayerZero, see `linkStargate`), then caches an anvil state dump per chain keyed by a hash of the
 * scenario, the npm protocol packages, our contracts and the linked chain set; later starts load
 * the dumps, links included. Deleting `.switchyard/cache` always rebuilds.
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
  const log = params.log ?? (() => {})
  const { scenario, raw } = loadScenario(params.scenarioPath ?? defaultScenarioPath)
  const chainIds = params.chains ?? Object.keys(scenario.chains).map(Number)
  const { plans, linked } = planChains(params, scenario, raw, chainIds)
  const results = await Promise.allSettled(plans.map((p) => startNode(p, scenario, params)))
  const chains: Record<number, DevnetChain> = {}
  for (const r of results) if (r.status === 'fulfilled') chains[r.value.chainId] = r.value
  const stop = async () => {
    await Promise.all(Object.values(chains).map((c) => c.node.stop()))
  }
  try {
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    const fresh = plans.filter((p) => !p.read).map((p) => chains[p.chainId]!)
    for (const p of plans) if (p.read) log(`chain ${p.chainId}: loaded cached state ${basename(p.read.state)}`)
    await Promise.all(
      fresh.map(async (chain) => {
        const started = Date.now()
        chain.addressBook = await buildChain(chain.client, scenario)
        log(`chain ${chain.chainId}: deployed and seeded in ${Date.now() - started} ms`)
      }),
    )
    // Fresh linked chains are all fresh (planChains never mixes), and need each other up to link.
    if (linked.length && fresh.length) {
      const started = Date.now()
      await linkChains(linked.map((id) => chains[id]!), scenario)
      log(`chains ${linked.join(', ')}: Stargate credits linked in ${Date.now() - started} ms`)
    }
    if (params.useCache ?? true) await Promise.all(plans.filter((p) => !p.read).map((p) => writeCache(chains[p.chainId]!, p.write)))
    // One clock from here on, cold or warm: each block one second after its parent (see keepDevnetClock).
    await Promise.all(Object.values(chains).map((c) => keepDevnetClock((method, args) => c.client.request({ method: method as never, params: args as never }))))
    const supervise = params.supervise
    if (supervise) {
      for (const p of plans) {
        const chain = chains[p.chainId]!
        const initialState = p.read?.state ?? ((params.useCache ?? true) ? p.write.state : undefined)
        const stateFile = join(supervise.stateDir, `devnet-${p.chainId}-${chain.node.port}.state.json`)
        chain.supervisor = superviseAnvil({ node: chain.node, initialState, stateFile, dumpIntervalMs: supervise.dumpIntervalMs, log, onStart: keepDevnetClock })
        chain.node = chain.supervisor
      }
    }
  } catch (cause) {
    await stop()
    throw cause
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
