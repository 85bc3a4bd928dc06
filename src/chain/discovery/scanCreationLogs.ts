import type { Address, PublicClient } from 'viem'
import { applyCreationLog, type AppliedLog, type CreationEmitters } from './applyCreationLog.js'
import { creationTopics } from './creationEvents.js'
import type { PoolIndex, PoolIndexStream } from './poolIndex.js'
import { readLogWindows, type LogFilter, type LogWindow, type LogWindowStats } from './readLogWindows.js'

/** Parameters of {@link scanCreationLogs}. */
export type ScanCreationLogsParameters = {
  index: PoolIndex
  emitters: CreationEmitters
  /** Read up to this block (the head when discovery started) and record its hash as the streams' end. */
  head: { number: bigint; hash: `0x${string}` }
  /** Window state per stream, kept across scans. */
  windows: Record<PoolIndexStream, LogWindow>
  /** Judges the vault candidates found so far (before every save). */
  verifyVaults: () => Promise<void>
  /** Persists the index; called every `saveEveryMs` while reading and once at the end. */
  save: () => void
  saveEveryMs?: number | undefined
  /** Counters per stream, added to. */
  stats?: Record<PoolIndexStream, LogWindowStats> | undefined
}

/** Logs by what they did, for the discovery log line. */
export type ScanCreationLogsReturnType = Record<AppliedLog, number>

const CREATION_TOPICS = [creationTopics.PairCreated, creationTopics.PoolCreated, creationTopics.Initialize, creationTopics.PoolRegistered, creationTopics.TokensRegistered, creationTopics.TokensDeregistered, creationTopics.CreateMarket]

/**
 * Reads both log streams from where the index stopped up to `head`: the creation events of the
 * protocols present (one filter: their addresses, their events) and, from any contract, the ERC-4626
 * `Deposit` topic and Pendle's `CreateNewMarket`. Each window's logs go into the index; the index is saved every `saveEveryMs` (so a cold
 * discovery interrupted midway resumes where it was) and at the end, with `head`'s hash.
 * @returns how many logs did what
 */
export async function scanCreationLogs(client: PublicClient, { index, emitters, head, windows, verifyVaults, save, saveEveryMs = 10_000, stats }: ScanCreationLogsParameters): Promise<ScanCreationLogsReturnType> {
  const counts: ScanCreationLogsReturnType = { 'uniswap-v2': 0, 'uniswap-v3': 0, 'uniswap-v4': 0, 'balancer-v2': 0, 'morpho-blue': 0, pendle: 0, 'erc4626-candidate': 0, ignored: 0, undecodable: 0 }
  const addresses = Object.values(emitters).filter((a): a is string => a !== undefined) as Address[]
  const filters: Record<PoolIndexStream, LogFilter | undefined> = {
    // Without any of the protocols there is nothing to ask for (a later scan reads their events from their deployment on).
    creations: addresses.length ? { address: addresses, topics: [CREATION_TOPICS] } : undefined,
    // Topics of any contract: the ERC-4626 Deposit, and Pendle's CreateNewMarket (Pendle has a market
    // factory per version; a chain's own deployment, a fork's or a devnet's is found the same way).
    vaults: { topics: [[creationTopics.Deposit, creationTopics.CreateNewMarket]] },
  }
  let savedAt = Date.now()
  for (const stream of ['creations', 'vaults'] as const) {
    const progress = index.streams[stream]
    const filter = filters[stream]
    if (filter && progress.toBlock < head.number) {
      await readLogWindows(client, {
        chainId: index.chainId, filter, fromBlock: progress.toBlock + 1n, toBlock: head.number, window: windows[stream], stats: stats?.[stream],
        onLogs: async (logs, range) => {
          for (const log of logs) counts[applyCreationLog(index, emitters, log)]++
          index.streams[stream] = { fromBlock: progress.fromBlock, toBlock: range.toBlock }
          if (Date.now() - savedAt >= saveEveryMs) {
            await verifyVaults()
            save()
            savedAt = Date.now()
          }
        },
      })
    }
    index.streams[stream] = { fromBlock: progress.fromBlock, toBlock: head.number, toBlockHash: head.hash }
  }
  await verifyVaults()
  save()
  return counts
}
