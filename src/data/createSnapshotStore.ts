import { createHash } from 'node:crypto'
import { toHex, type Address, type Hex, type PublicClient } from 'viem'
import { InvalidNodeResponseError, UnhealthyHeadError } from '../errors/chain.js'
import type { ChainAddressBook } from '../chain/addressBook.js'
import type { EngineSnapshot } from '../engine/types.js'
import { loadAaveV3 } from '../protocols/aave-v3/load.js'
import { loadBalancerV2 } from '../protocols/balancer-v2/load.js'
import { loadAerodrome } from '../protocols/aerodrome/load.js'
import { loadCurve } from '../protocols/curve/load.js'
import { loadCurveNg } from '../protocols/curve/loadNg.js'
import { loadCurveTwocrypto } from '../protocols/curve/twocryptoLoad.js'
import { loadErc4626 } from '../protocols/erc4626/load.js'
import { loadLido } from '../protocols/lido/load.js'
import { loadPendle } from '../protocols/pendle/load.js'
import type { LoadContext } from '../protocols/loadContext.js'
import type { PoolSnapshotBase } from '../protocols/types.js'
import { loadUniswapV2 } from '../protocols/uniswap-v2/load.js'
import { loadUniswapV3 } from '../protocols/uniswap-v3/load.js'
import { loadUniswapV4, uniswapV4PoolKeyAddress } from '../protocols/uniswap-v4/load.js'
import { bookPoolAddresses } from './bookPoolAddresses.js'
import { applyPoolPatch, foldPoolLog, type PoolStatePatch } from './poolStateFromLogs.js'
import { readPersistedSnapshot, writePersistedSnapshot } from './persistedSnapshot.js'
import { snapshotVersionOf } from './snapshotVersionOf.js'

/** Loaders per protocol family: the explicit list of what the store reads. */
const loaders = [
  { protocol: 'uniswap-v2', load: loadUniswapV2 },
  { protocol: 'uniswap-v3', load: loadUniswapV3 },
  { protocol: 'uniswap-v4', load: loadUniswapV4 },
  { protocol: 'balancer-v2', load: loadBalancerV2 },
  { protocol: 'curve', load: loadCurve },
  { protocol: 'curve', load: loadCurveNg },
  { protocol: 'curve', load: loadCurveTwocrypto },
  { protocol: 'aerodrome', load: loadAerodrome },
  { protocol: 'erc4626', load: loadErc4626 },
  { protocol: 'lido', load: loadLido },
  { protocol: 'aave-v3', load: loadAaveV3 },
  { protocol: 'pendle', load: loadPendle },
] as const

/** Longest gap, in blocks, bridged by reading logs; longer gaps reload every pool. */
const MAX_INCREMENTAL_BLOCKS = 2_000n

/**
 * Above this many watched addresses, a short range's logs are asked for unfiltered and matched here
 * against a set: a node matches every log against every address of the filter, and a request naming
 * 25,000 pools is a megabyte the node parses and scans each block. Ranges longer than
 * {@link UNFILTERED_LOG_BLOCKS} keep the address filter (an unfiltered answer grows with the chain's
 * whole activity).
 */
const ADDRESS_FILTER_MAX = 256
/** Longest range (blocks) asked for without an address filter: a few blocks of a busy chain's logs. */
const UNFILTERED_LOG_BLOCKS = 8n
/** Aerodrome PoolFactory's `SetPauseState(bool)` and `SetCustomFee(address indexed pool, uint256 fee)`. */
const AERODROME_SET_PAUSE_STATE = '0x0d76538efc408318a051137c2720a9e82902acdbd46b802d488b74ca3a09a116'
const AERODROME_SET_CUSTOM_FEE = '0xae468ce586f9a87660fdffc1448cee942042c16ae2f02046b134b5224f31936b'

/**
 * Identifies the code that shapes pool snapshots (the loaders' source): a snapshot persisted by other
 * code is never restored.
 */
const persistKey = createHash('sha256').update('snapshot-v1').update(loaders.map((l) => `${l.protocol}:${l.load.toString()}`).join('\n')).digest('hex').slice(0, 16)

/** Parameters of {@link createSnapshotStore}. */
export type CreateSnapshotStoreParameters = {
  chainId: number
  client: PublicClient
  book: ChainAddressBook
  /** How long a read of the chain head is trusted before asking again (ms). */
  headTtlMs?: number | undefined
  /**
   * A file to keep the snapshot in across restarts ({@link SnapshotStore.persist}; written after every
   * full load). A restart restores it and catches up from its block by logs, like any new block, after
   * checking that block is still canonical, and reads the book's pools it lacks.
   */
  persistPath?: string | undefined
  /** Watched addresses above which a short range's logs are read unfiltered (default {@link ADDRESS_FILTER_MAX}). */
  addressFilterMax?: number | undefined
  /** Told when a full load returned fewer pools than the book lists (reads that failed, pools a loader skips). */
  onIncomplete?: ((info: { blockNumber: bigint; listed: number; loaded: number; examples: string[] }) => void) | undefined
}

/** The engine snapshot of one chain, kept current block by block. */
export type SnapshotStore = {
  /** The snapshot at the chain head (re-reads changed pools when a new block arrived). */
  current(): Promise<EngineSnapshot>
  /** Loads counted by kind, for metrics and tests. */
  stats(): { fullLoads: number; incrementalLoads: number; poolsReloaded: number; poolsPatched: number; restored: number }
  /** Writes the current snapshot to `persistPath` (no-op without one or before the first load). */
  persist(): Promise<void>
}

/**
 * Creates the per-chain snapshot store. The first call reads every pool at the head block (one
 * Multicall3 batch per family, pinned to that block). On a later block it checks the previous head is
 * still canonical, asks for the logs emitted since (pools, the Balancer Vault, the Aave Pool...) and
 * re-reads only the pools that emitted any, carrying the others over; a reorg, a gap over 2,000
 * blocks or a failed log query reloads everything. A new head the node cannot serve by its number
 * (a lying or broken node) fails with UnhealthyHeadError (UPSTREAM_UNAVAILABLE). Concurrent callers
 * share one load (single flight). Versions are `"<chainId>:<block>:<hash prefix>"`.
 * @returns the store
 */
export function createSnapshotStore({ chainId, client, book, headTtlMs = 0, persistPath, onIncomplete, addressFilterMax = ADDRESS_FILTER_MAX }: CreateSnapshotStoreParameters): SnapshotStore {
  const context: LoadContext = { client, book }
  let snapshot: EngineSnapshot | undefined
  let inflight: Promise<EngineSnapshot> | undefined
  let headCheckedAt = 0
  const stats = { fullLoads: 0, incrementalLoads: 0, poolsReloaded: 0, poolsPatched: 0, restored: 0 }
  /** Set until the persisted snapshot was tried (once, on the first refresh). */
  let restorePending = persistPath !== undefined
  /** Pools of the book a restored snapshot lacks: read with the first catch-up. */
  let missing: Set<string> | undefined
  const balancerByPoolId = new Map(book.balancerV2.pools.map((p) => [p.poolId.toLowerCase(), p.address.toLowerCase()]))
  const aavePool = book.aaveV3?.pool.toLowerCase()
  const v4PoolManager = book.uniswapV4?.poolManager.toLowerCase()
  const v4ById = new Map((book.uniswapV4?.pools ?? []).map((p) => [p.id.toLowerCase(), uniswapV4PoolKeyAddress(p.id)]))
  const aaveReserves = (book.aaveV3?.reserves ?? []).map((r) => r.aToken.toLowerCase())
  // Aerodrome's PoolFactory sets a pool's fee (`SetCustomFee`, the pool indexed) and pauses every pool's
  // swaps (`SetPauseState`) without a log of the pool's own: re-read the pools it names.
  const aerodromeFactory = book.aerodrome?.factory.toLowerCase()
  const aerodromePools = (book.aerodrome?.pools ?? []).map((p) => p.address.toLowerCase())
  // A Curve pool that reads its balances from what it holds (the steth pool) moves with its stETH's logs
  // too (a rebase, a transfer to it): re-read it on any of them.
  const curveByHeldCoin = new Map<string, string[]>()
  for (const p of book.curve?.pools ?? []) {
    if (p.variant !== 'steth') continue
    for (const c of p.coins.slice(1)) curveByHeldCoin.set(c.toLowerCase(), [...(curveByHeldCoin.get(c.toLowerCase()) ?? []), p.address.toLowerCase()])
  }

  // A stableswap-ng pool's rates are its coins' oracles or ERC-4626 share prices, read on every call: they
  // move with no event of the pool (sDAI's accrues every second), so the pool is re-read at every head.
  // A twocrypto-ng pool's `price_oracle()` is its EMA moved to the block's time: re-read at every head too,
  // so the snapshot is the pool's own reading at that block (carried over, it was an older reading).
  const curveRatePools = [
    ...(book.curve?.pools ?? []).filter((p) => p.variant === 'ng').map((p) => p.address.toLowerCase()),
    ...(book.curve?.twocryptoPools ?? []).map((p) => p.address.toLowerCase()),
  ]
  const isRatePool = new Set(curveRatePools)
  // A Pendle market prices with its SY's exchange rate (its vault's state) and its YT's index: re-read it
  // on their logs too.
  const pendleByRelated = new Map<string, string[]>()
  for (const m of book.pendle?.markets ?? []) {
    for (const a of [m.sy, m.yt, m.yieldToken]) pendleByRelated.set(a.toLowerCase(), [...(pendleByRelated.get(a.toLowerCase()) ?? []), m.address.toLowerCase()])
  }

  /**
   * Reads pools at a block: every pool of the book, or the `pools` listed. `protocols`, when given, names
   * every protocol the listed pools belong to: only those loaders run (a loader asked for none of its
   * pools may still send an empty Multicall3 call).
   */
  async function loadAll(blockNumber: bigint, pools?: readonly Address[], protocols?: ReadonlySet<string>): Promise<PoolSnapshotBase[]> {
    const used = protocols ? loaders.filter((l) => protocols.has(l.protocol)) : loaders
    const parts = await Promise.all(used.map((l) => l.load(context, { blockNumber, ...(pools ? { pools } : {}) })))
    return parts.flat()
  }

  /** Every address whose logs can move a served pool (pools, the Balancer Vault, the V4 PoolManager, the Aave Pool...). */
  const watchedList: Address[] = [
    ...book.uniswapV2.pairs.map((p) => p.address),
    ...book.uniswapV3.pools.map((p) => p.address),
    ...book.balancerV2.pools.map((p) => p.address),
    book.balancerV2.vault,
    ...(book.curve?.pools ?? []).map((p) => p.address),
    ...(book.curve?.twocryptoPools ?? []).map((p) => p.address),
    ...(book.aerodrome?.pools ?? []).map((p) => p.address),
    ...(book.aerodrome ? [book.aerodrome.factory] : []),
    ...(book.uniswapV4 ? [book.uniswapV4.poolManager] : []),
    ...(book.erc4626?.vaults ?? []).map((v) => v.address),
    ...(book.lido ? [book.lido.stETH, book.lido.wstETH] : []),
    ...(book.aaveV3 ? [book.aaveV3.pool] : []),
    ...(book.pendle?.markets ?? []).flatMap((m) => [m.address, m.sy, m.yt, m.yieldToken]),
  ]
  const watched = new Set(watchedList.map((a) => a.toLowerCase()))

  /**
   * The pools whose state moved in blocks `from`..`to`: those to re-read, and those whose logs carry
   * their whole new state (V2 `Sync` and LP supply, V3 and V4 `Swap`; see poolStateFromLogs.ts), folded
   * in chain order.
   */
  async function changedPools(from: bigint, to: bigint): Promise<{ changed: Set<string>; patches: Map<string, PoolStatePatch> }> {
    const changed = new Set<string>()
    const patches = new Map<string, PoolStatePatch>()
    if (from > to) return { changed, patches }
    const unfiltered = watchedList.length > addressFilterMax && to - from < UNFILTERED_LOG_BLOCKS
    const logs = unfiltered ? await client.getLogs({ fromBlock: from, toBlock: to }) : await client.getLogs({ address: watchedList, fromBlock: from, toBlock: to })
    for (const log of logs) {
      const emitter = log.address.toLowerCase()
      if (unfiltered && !watched.has(emitter)) continue
      for (const pool of curveByHeldCoin.get(emitter) ?? []) changed.add(pool)
      for (const pool of pendleByRelated.get(emitter) ?? []) changed.add(pool)
      if (emitter === book.balancerV2.vault.toLowerCase()) {
        // Vault events index the poolId as their first topic argument.
        const pool = log.topics[1] ? balancerByPoolId.get(log.topics[1].toLowerCase()) : undefined
        if (pool) changed.add(pool)
      } else if (emitter === v4PoolManager) {
        // Pool events (Initialize, ModifyLiquidity, Swap, Donate, ProtocolFeeUpdated) index the pool id
        // first; the PoolManager's ERC-6909 events index accounts there and match no pool. A Swap carries
        // the pool's new price (folded like a V3 pool's); the others re-read it.
        const pool = log.topics[1] ? v4ById.get(log.topics[1].toLowerCase()) : undefined
        if (pool) patches.set(pool, foldPoolLog(patches.get(pool), log))
      } else if (emitter === aerodromeFactory) {
        const topic = log.topics[0]?.toLowerCase()
        if (topic === AERODROME_SET_PAUSE_STATE) for (const pool of aerodromePools) changed.add(pool)
        if (topic === AERODROME_SET_CUSTOM_FEE && log.topics[1]) changed.add(`0x${log.topics[1].slice(26)}`.toLowerCase())
      } else if (emitter === aavePool) {
        // Any Pool event (supply, withdraw, borrow, repay, ReserveDataUpdated, ...) can move an index
        // or a reserve's liquidity; a market has few reserves, so re-read them all.
        for (const aToken of aaveReserves) changed.add(aToken)
      } else patches.set(emitter, foldPoolLog(patches.get(emitter), log))
    }
    return { changed, patches }
  }

  /**
   * Carries the previous snapshot to `head`, re-reading only the pools that emitted logs since. Returns
   * undefined (so the caller reloads everything) when the previous head is no longer canonical.
   */
  function readSince(previous: EngineSnapshot, head: bigint): Promise<[{ hash: Hex } | null, Awaited<ReturnType<typeof changedPools>>]> {
    return Promise.all([
      client.request({ method: 'eth_getBlockByNumber', params: [toHex(previous.blockNumber), false] }) as Promise<{ hash: Hex } | null>,
      changedPools(previous.blockNumber + 1n, head),
    ])
  }

  /**
   * The pools whose state moves with time alone (Curve NG and twocrypto rates), read at `head` beside the
   * logs rather than after them: every block re-reads them, so this saves a round trip a block.
   */
  function readTimed(previous: EngineSnapshot, head: bigint): Promise<PoolSnapshotBase[]> {
    if (curveRatePools.length === 0) return Promise.resolve([])
    return loadAll(head, curveRatePools as Address[], protocolsOf(previous, curveRatePools))
  }

  /**
   * The protocols whose loaders re-read `addresses`, as the previous snapshot knows them; undefined (all
   * loaders) when one of them is new to it (a restored snapshot's missing pools, one a failed read dropped).
   */
  function protocolsOf(previous: EngineSnapshot, addresses: Iterable<string>): Set<string> | undefined {
    const at = positionsOf(previous.pools)
    const protocols = new Set<string>()
    for (const address of addresses) {
      const i = at.get(address)
      if (i === undefined) return undefined
      protocols.add(previous.pools[i]!.protocol)
    }
    return protocols
  }

  async function incremental(previous: EngineSnapshot, head: bigint, timestamp: bigint, reads: ReturnType<typeof readSince>, timed: Promise<PoolSnapshotBase[]>): Promise<PoolSnapshotBase[] | undefined> {
    // The parent check and the logs are read together; the logs are used only if the parent holds.
    const [parent, moved] = await reads
    if (!parent || !previous.version.endsWith(`:${parent.hash.slice(2, 14)}`)) return undefined
    const { changed, patches } = moved
    for (const address of missing ?? []) changed.add(address)
    // Re-read every block by `timed`: not again below, and never patched from their logs.
    for (const address of curveRatePools) changed.delete(address)
    // Pools whose logs carry their new state take it from them; the rest of those that moved are re-read.
    const at = positionsOf(previous.pools)
    const patched = new Map<string, PoolSnapshotBase>()
    if (patches.size) {
      for (const [address, patch] of patches) {
        if (changed.has(address) || isRatePool.has(address)) continue
        const i = at.get(address)
        const pool = i === undefined ? undefined : previous.pools[i]
        const next = pool && applyPoolPatch(pool, patch, head)
        if (next) patched.set(address, next)
        else changed.add(address)
      }
    }
    const [timedPools, others] = await Promise.all([timed, changed.size ? loadAll(head, [...changed] as Address[], protocolsOf(previous, changed)) : []])
    const reloaded = [...timedPools, ...others]
    const byAddress = new Map(reloaded.map((p) => [p.address.toLowerCase(), p]))
    // A pool that emitted logs (or moves with time) but did not reload (a failed read) is dropped, never carried stale.
    const dropped = new Set([...changed, ...curveRatePools].filter((a) => !byAddress.has(a)))
    // A carried-over Aave reserve's state is unchanged (no Pool event), but its income accrues with
    // time: moving its timestamp to the head's keeps the quoted index exact. A Curve pool's A ramps with
    // time the same way, and a Pendle market's prices move with the time to expiry.
    const carry = (p: PoolSnapshotBase) => (p.protocol === 'aave-v3' || p.protocol === 'curve' || p.protocol === 'pendle' ? { ...p, blockNumber: head, timestamp } : { ...p, blockNumber: head })
    stats.incrementalLoads++
    stats.poolsReloaded += reloaded.length
    missing = undefined
    stats.poolsPatched += patched.size
    // Same order as the previous snapshot: every pool carried, then the moved ones put in their places.
    let pools = previous.pools.map(carry)
    for (const [address, p] of patched) pools[at.get(address)!] = p
    // Pools the previous snapshot did not hold (a restored one lacked them, or a read failed before): added.
    const added: PoolSnapshotBase[] = []
    for (const [address, p] of byAddress) {
      const i = at.get(address)
      if (i === undefined) added.push(p)
      else pools[i] = p
    }
    if (dropped.size || added.length) {
      const gone = new Set([...dropped].flatMap((a) => (at.has(a) ? [at.get(a)!] : [])))
      pools = pools.filter((_, i) => !gone.has(i))
      pools.push(...added)
    } else positions.set(pools, at)
    return pools
  }

  /** Where each pool sits in a snapshot's list (lowercase address → index); shared by snapshots of the same order. */
  const positions = new WeakMap<readonly PoolSnapshotBase[], Map<string, number>>()
  function positionsOf(pools: readonly PoolSnapshotBase[]): Map<string, number> {
    let index = positions.get(pools)
    if (index === undefined) {
      index = new Map()
      for (let i = 0; i < pools.length; i++) index.set(pools[i]!.address.toLowerCase(), i)
      positions.set(pools, index)
    }
    return index
  }

  /** Raw call: only number, hash and timestamp are needed, not viem's full block formatting. */
  async function readBlock(tag: Hex | 'latest'): Promise<{ number: Hex; hash: Hex; timestamp: Hex } | null> {
    const block = (await client.request({ method: 'eth_getBlockByNumber', params: [tag, false] })) as { number: Hex; hash: Hex; timestamp: Hex } | null
    if (block === null && tag !== 'latest') return null
    if (!block || !/^0x[0-9a-f]+$/i.test(block.number ?? '') || !/^0x[0-9a-f]{64}$/i.test(block.hash ?? '') || !/^0x[0-9a-f]+$/i.test(block.timestamp ?? '')) {
      throw new InvalidNodeResponseError({ method: 'eth_getBlockByNumber', reason: 'not a block' })
    }
    return block
  }

  /**
   * Restores the persisted snapshot, if any and usable, as the previous one: the next steps check its
   * block is canonical and catch up. Pools the book no longer lists are dropped; the ones it added since
   * are read with the catch-up.
   */
  async function restore(): Promise<void> {
    restorePending = false
    const restored = await readPersistedSnapshot(persistPath!, persistKey, chainId)
    if (!restored) return
    const listed = bookPoolAddresses(book)
    const pools = restored.pools.filter((p) => listed.has(p.address.toLowerCase()))
    const present = new Set(pools.map((p) => p.address.toLowerCase()))
    missing = new Set([...listed].filter((a) => !present.has(a)))
    snapshot = { ...restored, pools }
    stats.restored++
  }

  async function refresh(attempt = 0): Promise<EngineSnapshot> {
    if (restorePending) await restore().catch(() => undefined)
    const block = (await readBlock('latest'))!
    const head = BigInt(block.number)
    // The hash is part of the version: after a reorg (or an anvil revert) the same number can carry
    // another state, and workers cache graphs by version.
    const version = snapshotVersionOf({ chainId, blockNumber: head, hash: block.hash })
    if (snapshot && snapshot.version === version && !missing?.size) {
      headCheckedAt = Date.now()
      return snapshot
    }
    // A new head must be the block the node serves at that number (THREATS N6): a node announcing a
    // head a million blocks ahead, or far behind, that it cannot back is unhealthy (503), not a chain
    // without pools (which would answer "no route" or "no price"). A backed jump or fall is a reorg or
    // a node restarted from older state: reloaded in full below. A mismatch can be a reorg between the
    // two reads, so it is re-read once.
    // The parent check and the logs since the snapshot are read beside the head's backing (one round trip
    // less a block); they are used only once the head is backed, else dropped.
    const follows = snapshot !== undefined && head >= snapshot.blockNumber && head - snapshot.blockNumber <= MAX_INCREMENTAL_BLOCKS
    const reads = follows ? readSince(snapshot!, head) : undefined
    reads?.catch(() => undefined)
    const timed = follows ? readTimed(snapshot!, head) : undefined
    timed?.catch(() => undefined)
    const backing = await readBlock(toHex(head))
    if (!backing || backing.hash.toLowerCase() !== block.hash.toLowerCase()) {
      if (attempt === 0 && backing) return refresh(1)
      throw new UnhealthyHeadError({ chainId, previous: snapshot?.blockNumber, reported: head, reason: backing ? `block ${head} is ${backing.hash}, not ${block.hash}` : `block ${head} cannot be read by its number` })
    }
    headCheckedAt = Date.now()
    const timestamp = BigInt(block.timestamp)
    let pools: PoolSnapshotBase[] | undefined
    if (snapshot && reads && timed) pools = await incremental(snapshot, head, timestamp, reads, timed).catch(() => undefined)
    if (!pools) {
      // First load, a reorg or revert, a long gap, or logs the node would not serve: read everything.
      pools = await loadAll(head)
      stats.fullLoads++
      missing = undefined
      reportIncomplete(head, pools)
      snapshot = { version, chainId, blockNumber: head, timestamp, pools }
      // A full load is the expensive one: keep it for the next start (in the background, never failing a read).
      void persist().catch(() => undefined)
      return snapshot
    }
    snapshot = { version, chainId, blockNumber: head, timestamp, pools }
    return snapshot
  }

  /** Names the book's pools a full load did not return (never a silent skip). */
  function reportIncomplete(blockNumber: bigint, pools: readonly PoolSnapshotBase[]): void {
    if (!onIncomplete) return
    const listed = bookPoolAddresses(book)
    const loaded = new Set(pools.map((p) => p.address.toLowerCase()))
    const absent = [...listed].filter((a) => !loaded.has(a))
    if (absent.length) onIncomplete({ blockNumber, listed: listed.size, loaded: listed.size - absent.length, examples: absent.slice(0, 5) })
  }

  /** The last write: writes run one after another, so the newest snapshot is the one left on disk. */
  let writing: Promise<void> = Promise.resolve()
  function persist(): Promise<void> {
    if (persistPath === undefined || !snapshot) return writing
    const kept = snapshot
    writing = writing.catch(() => undefined).then(() => writePersistedSnapshot(persistPath, persistKey, kept))
    return writing
  }

  return {
    async current() {
      if (snapshot && Date.now() - headCheckedAt < headTtlMs) return snapshot
      if (!inflight) {
        inflight = refresh().finally(() => {
          inflight = undefined
        })
      }
      return inflight
    },
    stats: () => ({ ...stats }),
    persist,
  }
}
