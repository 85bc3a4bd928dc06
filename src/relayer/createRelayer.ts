import { existsSync, readFileSync } from 'node:fs'
import { type Address, type Hex, type Log, getAddress, parseAbi, parseEventLogs } from 'viem'
import type { ChainAddressBook } from '../chain/addressBook.js'
import { writeFileAtomic } from '../chain/writeFileAtomic.js'
import { acrossSpokePoolAbi } from '../chain/devnet/acrossSpokePoolAbi.js'
import type { DevnetClient } from '../chain/devnet/createDevnetClient.js'
import { decodeAcrossDeposits } from '../chain/devnet/decodeAcrossDeposits.js'
import { fillAcrossDeposit } from '../chain/devnet/fillAcrossDeposit.js'
import { decodeLayerZeroPacket } from '../chain/devnet/decodeLayerZeroPacket.js'
import { layerZeroComposeAbi, relayLayerZeroCompose } from '../chain/devnet/relayLayerZeroCompose.js'
import { relayLayerZeroPacket } from '../chain/devnet/relayLayerZeroPacket.js'
import { decodeBridgeCallback } from '../service/bridge/encodeBridgeCallback.js'

/** Deliveries of one message tried before it is given up (logged); a restart tries it again. */
const MAX_ATTEMPTS = 20

const packetSentAbi = parseAbi(['event PacketSent(bytes encodedPayload, bytes options, address sendLibrary)'])
const endpointViews = parseAbi([
  'function lazyInboundNonce(address receiver, uint32 srcEid, bytes32 sender) view returns (uint64)',
  'function inboundPayloadHash(address receiver, uint32 srcEid, bytes32 sender, uint64 nonce) view returns (bytes32)',
])

/** One chain the relayer watches and delivers to. */
export type RelayerChain = { chainId: number; client: DevnetClient; book: ChainAddressBook }

/** How far the relayer has read a chain: a block and its hash (a chain that was reset no longer has it). */
export type RelayerCursor = { block: bigint; hash: Hex }

/** Where the relayer keeps how far it has read each chain (a JSON file survives restarts). */
export type RelayerCursorStore = { get(chainId: number): RelayerCursor | undefined; set(chainId: number, cursor: RelayerCursor): void }

/** Parameters of {@link createRelayer}. */
export type CreateRelayerParameters = {
  chains: readonly RelayerChain[]
  /** Polling interval (ms); default 100. */
  pollMs?: number | undefined
  store?: RelayerCursorStore | undefined
  log?: ((message: string) => void) | undefined
  /** Test hook: called before each delivery step; throwing there simulates a crash mid-flight. */
  beforeStep?: ((step: RelayerStep) => void | Promise<void>) | undefined
}

/** A delivery step, as the test hook sees it. */
export type RelayerStep = { kind: 'lzReceive' | 'lzCompose' | 'acrossFill'; chainId: number; id: string }

/** What the relayer delivered so far (this process). */
export type RelayerStats = { packets: number; composes: number; fills: number; errors: number }

/** A running relayer. */
export type Relayer = {
  /** Reads every chain once from its cursor and delivers what is due; resolves when done. */
  tick(): Promise<void>
  stats(): RelayerStats
  stop(): Promise<void>
}

/** A cursor store in a JSON file (written atomically). */
export function fileCursorStore(path: string): RelayerCursorStore {
  const read = (): Record<string, { block: string; hash: Hex }> => {
    try {
      return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, { block: string; hash: Hex }>) : {}
    } catch {
      return {}
    }
  }
  const cursors = read()
  return {
    get: (chainId) => {
      const c = cursors[chainId]
      return c === undefined ? undefined : { block: BigInt(c.block), hash: c.hash }
    },
    set(chainId, cursor) {
      cursors[chainId] = { block: cursor.block.toString(), hash: cursor.hash }
      writeFileAtomic(path, JSON.stringify(cursors))
    },
  }
}

/** A cursor store in memory (tests). */
export function memoryCursorStore(): RelayerCursorStore {
  const cursors = new Map<number, RelayerCursor>()
  return { get: (c) => cursors.get(c), set: (c, b) => void cursors.set(c, b) }
}

/**
 * The devnet's relayer: it plays LayerZero's DVN and executor (validatePacket, lzReceive, then
 * lzCompose) and Across's relayer (fillV3Relay) between the devnet chains. Each chain is read from
 * its cursor in block order; every message is checked against what the destination records before
 * anything is sent (inbound nonce and payload hash, the compose queue, the fill status), so a relayer
 * restarted after a crash resumes from the chains and delivers each message exactly once. The cursor
 * moves only after a whole batch is delivered; a failed delivery is retried on the next tick.
 * Against external nodes it is not started: real networks have real relayers.
 */
export function createRelayer(params: CreateRelayerParameters): Relayer {
  const { chains, pollMs = 100, store = memoryCursorStore(), log = () => {} } = params
  const byEid = new Map(chains.flatMap((c) => (c.book.layerZero ? [[c.book.layerZero.eid, c] as const] : [])))
  const byChainId = new Map(chains.map((c) => [c.chainId, c]))
  const stats: RelayerStats = { packets: 0, composes: 0, fills: 0, errors: 0 }
  const attempts = new Map<string, number>()
  const abandoned = new Set<string>()
  let stopped = false
  let running: Promise<void> = Promise.resolve()

  const step = async (s: RelayerStep) => {
    await params.beforeStep?.(s)
  }

  const deliverPacket = async (source: RelayerChain, encoded: Hex) => {
    const packet = decodeLayerZeroPacket(encoded)
    const dest = byEid.get(packet.dstEid)
    if (!dest?.book.layerZero) return
    const lz = dest.book.layerZero
    const [lazy, hash] = await Promise.all([
      dest.client.readContract({ address: lz.endpoint, abi: endpointViews, functionName: 'lazyInboundNonce', args: [packet.receiver, packet.srcEid, packet.sender] }),
      dest.client.readContract({ address: lz.endpoint, abi: endpointViews, functionName: 'inboundPayloadHash', args: [packet.receiver, packet.srcEid, packet.sender, packet.nonce] }),
    ])
    // Delivered already: lzReceive cleared the payload and moved the lazy nonce past it.
    if (lazy >= packet.nonce && /^0x0+$/.test(hash)) return
    await step({ kind: 'lzReceive', chainId: dest.chainId, id: packet.guid })
    await relayLayerZeroPacket(dest.client as never, { encodedPacket: encoded, endpoint: lz.endpoint, receiveLib: lz.receiveLib, relayer: lz.relayer ?? lz.endpoint })
    stats.packets++
    log(`relayer: packet ${packet.guid} ${source.chainId} → ${dest.chainId} delivered`)
  }

  const deliverCompose = async (chain: RelayerChain, c: { from: Address; to: Address; guid: Hex; index: number; message: Hex }) => {
    const lz = chain.book.layerZero!
    const value = callbackValueOf(chain.book, c.to, c.message)
    await step({ kind: 'lzCompose', chainId: chain.chainId, id: c.guid })
    const hash = await relayLayerZeroCompose(chain.client as never, { endpoint: lz.endpoint, ...c, relayer: lz.relayer ?? lz.endpoint, value } as never)
    if (hash) {
      stats.composes++
      log(`relayer: compose ${c.guid} on ${chain.chainId} delivered`)
    }
  }

  const fill = async (source: RelayerChain, log_: Log) => {
    const [deposit] = decodeAcrossDeposits({ logs: [log_], originChainId: source.chainId, spokePool: getAddress(log_.address) })
    if (!deposit) return
    const dest = byChainId.get(deposit.destinationChainId)
    const across = dest?.book.across
    if (!dest || !across) return
    await step({ kind: 'acrossFill', chainId: dest.chainId, id: `${source.chainId}:${deposit.depositId}` })
    const hash = await fillAcrossDeposit(dest.client as never, { deposit, spokePool: across.spokePool, relayer: across.relayer })
    if (hash) {
      stats.fills++
      log(`relayer: Across deposit ${source.chainId}:${deposit.depositId} filled on ${dest.chainId}`)
    }
  }

  const checked = new Set<number>()
  /** The first block to read: after the cursor, unless the chain no longer has the cursor's block (a reset devnet). */
  const startOf = async (chain: RelayerChain): Promise<bigint> => {
    const cursor = store.get(chain.chainId)
    if (cursor === undefined) return 0n
    if (!checked.has(chain.chainId)) {
      const block = await chain.client.getBlock({ blockNumber: cursor.block }).catch(() => undefined)
      checked.add(chain.chainId)
      if (block?.hash !== cursor.hash) {
        log(`relayer: chain ${chain.chainId} no longer has block ${cursor.block} as recorded; reading from genesis`)
        return 0n
      }
    }
    return cursor.block + 1n
  }
  const save = async (chain: RelayerChain, head: bigint) => {
    const block = await chain.client.getBlock({ blockNumber: head })
    store.set(chain.chainId, { block: head, hash: block.hash! })
  }

  const scan = async (chain: RelayerChain) => {
    const head = await chain.client.getBlockNumber({ cacheTime: 0 })
    const from = await startOf(chain)
    if (from > head) return
    const endpoint = chain.book.layerZero?.endpoint
    const spokePool = chain.book.across?.spokePool
    const addresses = [endpoint, spokePool].filter((a): a is Address => a !== undefined)
    if (addresses.length === 0) return save(chain, head)
    const logs = await chain.client.getLogs({ address: addresses, fromBlock: from, toBlock: head })
    const packets = parseEventLogs({ abi: packetSentAbi, logs, strict: false })
    const composes = parseEventLogs({ abi: layerZeroComposeAbi, eventName: 'ComposeSent', logs, strict: false })
    const deposits = parseEventLogs({ abi: acrossSpokePoolAbi, eventName: 'V3FundsDeposited', logs, strict: false })
    type Item = { at: [bigint, number]; run: () => Promise<void> }
    const items: Item[] = [
      ...packets.filter((l) => endpoint && l.address.toLowerCase() === endpoint.toLowerCase()).map((l) => ({ at: [l.blockNumber!, l.logIndex!] as [bigint, number], run: () => deliverPacket(chain, l.args.encodedPayload as Hex) })),
      ...composes.filter((l) => endpoint && l.address.toLowerCase() === endpoint.toLowerCase()).map((l) => ({ at: [l.blockNumber!, l.logIndex!] as [bigint, number], run: () => deliverCompose(chain, l.args as never) })),
      ...deposits.filter((l) => spokePool && l.address.toLowerCase() === spokePool.toLowerCase()).map((l) => ({ at: [l.blockNumber!, l.logIndex!] as [bigint, number], run: () => fill(chain, l as Log) })),
    ].sort((a, b) => (a.at[0] === b.at[0] ? a.at[1] - b.at[1] : a.at[0] < b.at[0] ? -1 : 1))
    // One message that fails (a composer that reverts, a fill a handler refuses) must not hold back the
    // others: each is tried on its own; the cursor stops before the first failure so a restart retries it,
    // and a message that failed MAX_ATTEMPTS times is given up (logged) so it stops pinning the cursor.
    let firstFailed: bigint | undefined
    for (const item of items) {
      const id = `${chain.chainId}:${item.at[0]}:${item.at[1]}`
      if (abandoned.has(id)) continue
      try {
        await item.run()
        attempts.delete(id)
      } catch (error) {
        stats.errors++
        const n = (attempts.get(id) ?? 0) + 1
        attempts.set(id, n)
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
        if (n >= MAX_ATTEMPTS) {
          abandoned.add(id)
          attempts.delete(id)
          log(`relayer: giving up on message ${id} after ${n} attempts: ${reason}`)
        } else {
          log(`relayer: message ${id} failed (attempt ${n}): ${reason}`)
          if (firstFailed === undefined) firstFailed = item.at[0]
        }
      }
    }
    if (firstFailed !== undefined) {
      if (firstFailed > from) await save(chain, firstFailed - 1n)
      return
    }
    await save(chain, head)
  }

  const tick = async () => {
    for (const chain of chains) {
      try {
        await scan(chain)
      } catch (error) {
        stats.errors++
        log(`relayer: chain ${chain.chainId}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (retrying)`)
      }
    }
  }

  let timer: NodeJS.Timeout | undefined
  const loop = () => {
    if (stopped) return
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, pollMs)
    })
  }
  if (params.pollMs !== 0) loop()

  return {
    tick: async () => {
      await running
      await tick()
    },
    stats: () => ({ ...stats }),
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running.catch(() => {})
    },
  }
}

/** The native a compose to our receiver must carry: the `value` field of our encoded callback. */
function callbackValueOf(book: ChainAddressBook, to: Address, message: Hex): bigint {
  const receiver = book.switchyard?.['bridgeReceiver'] as Address | undefined
  if (!receiver || receiver.toLowerCase() !== to.toLowerCase()) return 0n
  try {
    // OFT compose message: 76 bytes of header, then our encoded Callback.
    return decodeBridgeCallback(`0x${message.slice(2 + 76 * 2)}`).value
  } catch {
    return 0n
  }
}
