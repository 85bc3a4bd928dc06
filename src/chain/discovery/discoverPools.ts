import { join } from 'node:path'
import { toHex, type Address, type Hex, type PublicClient } from 'viem'
import { InvalidNodeResponseError } from '../../errors/chain.js'
import type { CreationEmitters } from './applyCreationLog.js'
import { buildDiscoveredBook, type BuildDiscoveredBookReturnType } from './buildDiscoveredBook.js'
import { discoveryStartBlocks } from './discoveryStartBlocks.js'
import type { DiscoveryLogger, DiscoveryStatus } from './discoveryStatus.js'
import { indexTokens } from './indexTokens.js'
import { loadPoolIndex, parsePoolIndex } from './loadPoolIndex.js'
import { logDiscovery } from './logDiscovery.js'
import { createPoolIndex, type PoolIndex } from './poolIndex.js'
import { priceTokens, type PoolValue } from './priceTokens.js'
import { createLogWindow, type LogWindowStats } from './readLogWindows.js'
import { loadPoolReadings, mergePoolReadings, savePoolReadings } from './poolReadingsCache.js'
import { readPoolLiquidity, type ReadPoolLiquidityReturnType } from './readPoolLiquidity.js'
import type { ListedToken } from './readTokenList.js'
import { POOL_INDEX_FORMAT, savePoolIndex, serializePoolIndex } from './savePoolIndex.js'
import { readPendleMarkets, type ReadPendleMarketsReturnType } from './readPendleMarkets.js'
import { scanCreationLogs } from './scanCreationLogs.js'
import { verifyVaults } from './verifyVaults.js'

/** Blocks re-read below a saved index's last block when that block is no longer canonical (a reorg). */
export const REORG_DEPTH = 128n

/** Parameters of {@link discoverPools}. */
export type DiscoverPoolsParameters = {
  chainId: number
  multicall3: Address
  weth: Address
  /** The protocols' canonical contracts; each is used only where it has code. */
  contracts: { uniswapV2Factory: Address; uniswapV3Factory: Address; uniswapV4PoolManager?: Address | undefined; balancerVault: Address; morpho?: Address | undefined }
  /** The index lives in `<stateDir>/index/<chainId>.json`. */
  stateDir: string
  /** First block to read; default: see `discoveryStartBlocks`. */
  startBlock?: bigint | undefined
  minPoolTvlUsd: number
  /** Largest `eth_getLogs` window, blocks. */
  maxLogRange: bigint
  /** USD prices taken as given (lowercase address → USD). */
  anchors: ReadonlyMap<string, number>
  listed: ReadonlyMap<string, ListedToken>
  /** Tokens to serve even without a pool above the floor. */
  extraTokens: readonly string[]
  logger?: DiscoveryLogger | undefined
  /** Reads `eth_getLogs`; default `client`. A client that does not retry lets a refused range shrink at once. */
  logClient?: PublicClient | undefined
  /**
   * The replicas' shared store (Redis, `SWITCHYARD_REDIS_URL`): a replica without a saved index of its
   * own starts from the one another replica shared, and every discovery shares its index.
   */
  shared?: SharedIndexStore | undefined
}

/** What discovery needs of the replicas' shared store (the service's `SharedCache`, which never throws). */
export type SharedIndexStore = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown, ttlMs: number): Promise<void>
}

/** Where a chain's index is shared: per chain history (block 0), and per file format. */
export const sharedIndexKey = (chainId: number, genesisHash: Hex) => `discovery-index:v${POOL_INDEX_FORMAT}:${chainId}:${genesisHash.toLowerCase()}`
/** How long a shared index is kept without a replica refreshing it. */
const SHARED_INDEX_TTL_MS = 7 * 24 * 3_600_000

/** The discovered parts of the address book, and the status. */
export type DiscoverPoolsReturnType = BuildDiscoveredBookReturnType & { status: DiscoveryStatus; presence: Record<keyof CreationEmitters, boolean>; pendle: ReadPendleMarketsReturnType }

/**
 * Discovers a chain's pools from its own logs (see docs/operations.md, "Pool discovery"): resumes the
 * saved index (or starts one), reads the creation events and the ERC-4626 Deposit and Pendle
 * CreateNewMarket topics since, judges new vault candidates, reads the Pendle markets their factories
 * vouch for, reads new tokens' metadata, saves the index, then reads every pool's
 * liquidity at the head, prices tokens from the anchors and keeps the pools above the floor. Logs what
 * was not found or left out, and why.
 * @returns the book's parts, the status and which protocols are present
 * @throws LogRangeRefusedError when the node refuses the logs of even one block
 */
export async function discoverPools(client: PublicClient, p: DiscoverPoolsParameters): Promise<DiscoverPoolsReturnType> {
  const started = performance.now()
  const log = p.logger
  const { chainId } = p
  const [head, genesis] = await Promise.all([readBlock(client, 'latest'), readBlock(client, '0x0')])
  const candidates: Record<keyof CreationEmitters, Address | undefined> = {
    uniswapV2Factory: p.contracts.uniswapV2Factory, uniswapV3Factory: p.contracts.uniswapV3Factory, uniswapV4PoolManager: p.contracts.uniswapV4PoolManager,
    balancerVault: p.contracts.balancerVault, morpho: p.contracts.morpho,
  }
  const presence = {} as Record<keyof CreationEmitters, boolean>
  const emitters: CreationEmitters = {}
  for (const [name, address] of Object.entries(candidates) as [keyof CreationEmitters, Address | undefined][]) {
    const code = address ? await client.getCode({ address }) : undefined
    presence[name] = !!code && code !== '0x'
    if (presence[name]) emitters[name] = address!.toLowerCase()
    else log?.warn({ chainId, contract: name, address: address ?? null }, `discovery: ${name} not found${address ? ` at its canonical address ${address} (no code)` : ' (no canonical address on this chain)'}: its pools are not read`)
  }
  const file = join(p.stateDir, 'index', `${chainId}.json`)
  const starts = discoveryStartBlocks({ chainId, genesisHash: genesis.hash, configured: p.startBlock })
  const index = await resumeIndex(client, { file, chainId, genesisHash: genesis.hash, starts, head: head.number, log, shared: p.shared })
  const firstRead = index.streams.creations.toBlock < head.number ? index.streams.creations.toBlock + 1n : undefined
  const stats = { creations: { requests: 0, refusals: 0, logs: 0 }, vaults: { requests: 0, refusals: 0, logs: 0 } } satisfies Record<string, LogWindowStats>
  const save = () => savePoolIndex(index, { file })
  const logs = await scanCreationLogs(p.logClient ?? client, {
    index, emitters, head, stats,
    windows: { creations: createLogWindow(p.maxLogRange), vaults: createLogWindow(p.maxLogRange) },
    verifyVaults: () => verifyVaults(client, { index, multicall3: p.multicall3 }),
    save,
  })
  // Pendle markets the index holds, as their contracts answer at the head; their tokens are served.
  const pendle = index.pendle.size === 0
    ? { markets: [], marketFactories: [], yieldContractFactories: [] }
    : await readPendleMarkets(client, { index, multicall3: p.multicall3, blockNumber: head.number, timestamp: (await client.getBlock({ blockNumber: head.number })).timestamp })
  const extraTokens = [...p.extraTokens, ...pendle.markets.flatMap((m) => [m.asset, m.sy, m.pt, m.address])]
  await indexTokens(client, { index, multicall3: p.multicall3, extra: [...extraTokens, p.weth, ...p.anchors.keys()] })
  save()
  await p.shared?.set(sharedIndexKey(chainId, genesis.hash), serializePoolIndex(index), SHARED_INDEX_TTL_MS)
  const usable = (tokens: readonly string[]) => tokens.every((t) => BigInt(t) === 0n || index.tokens.has(t.toLowerCase()))
  const decimals = new Map([...index.tokens].map(([a, t]) => [a, t.decimals]))
  // A warm start judges the floor with the liquidity readings of the last start, when at most
  // READINGS_MAX_AGE_BLOCKS old, and reads only the pools indexed since: at mainnet scale the readings of
  // every pool are most of a restart. Route quotes never use them (the snapshot is read at the head).
  const readingsFile = join(p.stateDir, 'index', `${chainId}.readings.v8`)
  const kept = loadPoolReadings(readingsFile, { genesisHash: genesis.hash, head: head.number })
  const unread = <T>(family: keyof ReadPoolLiquidityReturnType, key: (x: T) => string) => (x: T) => !kept?.readings[family].has(key(x).toLowerCase())
  const fresh = await readPoolLiquidity(client, {
    multicall3: p.multicall3, weth: p.weth, poolManager: emitters.uniswapV4PoolManager as Address | undefined, balancerVault: emitters.balancerVault as Address | undefined, decimals,
    uniswapV2: [...index.uniswapV2.values()].filter((x) => usable([x.token0, x.token1])).filter(unread('uniswapV2', (x) => x.address)),
    uniswapV3: [...index.uniswapV3.values()].filter((x) => usable([x.token0, x.token1])).filter(unread('uniswapV3', (x) => x.address)),
    uniswapV4: [...index.uniswapV4.values()].filter((x) => BigInt(x.hooks) === 0n && usable([x.currency0, x.currency1])).filter(unread('uniswapV4', (x) => x.id)),
    balancerV2: [...index.balancerV2.values()].filter((x) => usable(x.tokens)).filter(unread('balancerV2', (x) => x.poolId)),
    erc4626: [...index.erc4626.values()].filter((x) => usable([x.asset, x.address])).filter(unread('erc4626', (x) => x.address)),
  })
  const readings = kept ? mergePoolReadings(kept.readings, fresh) : fresh
  // Written when anything was read: a warm start that found no new pool leaves the file as it was.
  if (!kept || Object.values(fresh).some((m: ReadonlyMap<string, unknown>) => m.size > 0)) {
    try {
      savePoolReadings(readingsFile, { genesisHash: genesis.hash, block: kept?.block ?? head.number, readings })
    } catch (error) {
      log?.warn({ chainId, file: readingsFile, error: String(error) }, 'discovery: could not keep the liquidity readings for the next start')
    }
  }
  const values = Object.values(readings).flatMap((m: Map<string, { value: PoolValue } | { reason: string }>) => [...m.values()].flatMap((r) => ('value' in r ? [r.value] : [])))
  const prices = priceTokens({ pools: values, anchors: p.anchors, minSourceUsd: p.minPoolTvlUsd / 2 })
  const built = buildDiscoveredBook({ index, readings, prices, minPoolTvlUsd: p.minPoolTvlUsd, weth: p.weth, listed: p.listed, extraTokens })
  const status: DiscoveryStatus = {
    chainId, indexFile: file, indexedBlock: head.number, startBlock: index.streams.creations.fromBlock, firstBlockRead: firstRead, minPoolTvlUsd: p.minPoolTvlUsd,
    tokens: Object.keys(built.tokens).length, pools: built.counts,
    logRequests: stats.creations.requests + stats.vaults.requests, logRefusals: stats.creations.refusals + stats.vaults.refusals,
    ms: Math.round(performance.now() - started),
  }
  logDiscovery(log, { status, skipped: built.skipped, logs, notVaults: index.notVaults.size, unusableTokens: index.unusableTokens })
  return { ...built, status, presence, pendle }
}

/**
 * The saved index when it can be resumed, else a new one: it must be of this chain history (block 0)
 * and the same start blocks; a last block that is no longer canonical (a reorg, a node restarted from
 * older state) is read again from {@link REORG_DEPTH} blocks below it.
 */
async function resumeIndex(client: PublicClient, { file, chainId, genesisHash, starts, head, log, shared }: { file: string; chainId: number; genesisHash: Hex; starts: Record<'creations' | 'vaults', bigint>; head: bigint; log: DiscoveryLogger | undefined; shared: SharedIndexStore | undefined }): Promise<PoolIndex> {
  const fresh = (reason: string) => {
    log?.info({ chainId, file, reason, startBlocks: { creations: starts.creations.toString(), vaults: starts.vaults.toString() } }, `discovery: new index (${reason})`)
    return createPoolIndex({ chainId, genesisHash, startBlocks: starts })
  }
  let loaded = loadPoolIndex({ file, chainId })
  if (!loaded.index && shared) {
    // A new replica beside running ones: their shared index, checked below like a saved one.
    const copy = parsePoolIndex(await shared.get(sharedIndexKey(chainId, genesisHash)), { chainId })
    if (copy.index) {
      log?.info({ chainId, file, localReason: loaded.reason, indexedBlock: copy.index.streams.creations.toBlock.toString() }, 'discovery: starting warm from the index another replica shared')
      loaded = copy
    }
  }
  if (!loaded.index) return fresh(loaded.reason)
  const index = loaded.index
  if (index.genesisHash.toLowerCase() !== genesisHash.toLowerCase()) return fresh('the saved index is of another chain history (block 0 differs)')
  if (index.streams.creations.fromBlock !== starts.creations || index.streams.vaults.fromBlock !== starts.vaults) return fresh('the start block changed')
  for (const stream of ['creations', 'vaults'] as const) {
    const s = index.streams[stream]
    if (!s.toBlockHash) continue
    const block = s.toBlock <= head ? await readBlockOrNull(client, toHex(s.toBlock)) : null
    if (block?.hash.toLowerCase() === s.toBlockHash.toLowerCase()) continue
    const back = (s.toBlock < head ? s.toBlock : head) - REORG_DEPTH
    index.streams[stream] = { fromBlock: s.fromBlock, toBlock: back < s.fromBlock - 1n ? s.fromBlock - 1n : back }
    log?.warn({ chainId, stream, savedBlock: s.toBlock.toString(), resumeFrom: (index.streams[stream].toBlock + 1n).toString() }, 'discovery: the saved index ends on a block that is no longer canonical: reading the last blocks again')
  }
  log?.info({ chainId, file, resumeFrom: (index.streams.creations.toBlock + 1n).toString(), head: head.toString() }, 'discovery: resuming the saved index')
  return index
}

async function readBlockOrNull(client: PublicClient, tag: Hex | 'latest'): Promise<{ number: bigint; hash: Hex } | null> {
  const block = (await client.request({ method: 'eth_getBlockByNumber', params: [tag, false] })) as { number?: Hex; hash?: Hex } | null
  if (block === null) return null
  if (!block.number || !block.hash || !/^0x[0-9a-f]{64}$/i.test(block.hash)) throw new InvalidNodeResponseError({ method: 'eth_getBlockByNumber', reason: 'not a block' })
  return { number: BigInt(block.number), hash: block.hash }
}

async function readBlock(client: PublicClient, tag: Hex | 'latest'): Promise<{ number: bigint; hash: Hex }> {
  const block = await readBlockOrNull(client, tag)
  if (!block) throw new InvalidNodeResponseError({ method: 'eth_getBlockByNumber', reason: `block ${tag} missing` })
  return block
}
