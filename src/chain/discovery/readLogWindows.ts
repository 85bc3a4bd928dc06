import { toHex, type Address, type Hex, type PublicClient } from 'viem'
import { InvalidNodeResponseError, LogRangeRefusedError } from '../../errors/chain.js'

/** A log as `eth_getLogs` returns it (hex fields, not formatted by viem). */
export type RawLog = { address: Hex; topics: Hex[]; data: Hex; blockNumber: Hex; logIndex?: Hex | undefined; removed?: boolean | undefined }

/** What to ask `eth_getLogs` for, besides the block range. */
export type LogFilter = {
  /** Emitters; omitted to read every contract's logs (e.g. a topic any ERC-4626 vault emits). */
  address?: Address | Address[] | undefined
  /** Topic filter, position by position; an array at a position is an OR. */
  topics: (Hex | Hex[] | null)[]
}

/**
 * The window state of one log stream, kept across calls so a later read starts at the size that
 * worked. `size` halves when the node refuses a range and doubles back (up to `max`) after
 * {@link GROW_AFTER} full windows in a row succeed.
 */
export type LogWindow = {
  /** Blocks asked for in the next call. */
  size: bigint
  /** The largest window ever asked for. */
  max: bigint
  /** Full windows read in a row since the last refusal or growth. */
  streak: number
}

/** Counters of one read, for logs and metrics. */
export type LogWindowStats = { requests: number; refusals: number; logs: number }

/** Parameters of {@link readLogWindows}. */
export type ReadLogWindowsParameters = {
  chainId: number
  filter: LogFilter
  fromBlock: bigint
  toBlock: bigint
  window: LogWindow
  /** Called once per window, in block order, with that window's logs; awaited before the next window. */
  onLogs: (logs: readonly RawLog[], range: { fromBlock: bigint; toBlock: bigint }) => void | Promise<void>
  /** Refusals tolerated at a one-block window before giving up; default 3. */
  attemptsAtOneBlock?: number | undefined
  /** Added to as the read goes. */
  stats?: LogWindowStats | undefined
}

/** Full windows in a row after which the window doubles. */
export const GROW_AFTER = 2

/** Creates the window state of a stream that starts at (and never exceeds) `max` blocks. */
export function createLogWindow(max: bigint): LogWindow {
  return { size: max, max, streak: 0 }
}

/**
 * Reads a filter's logs over `[fromBlock, toBlock]` in bounded `eth_getLogs` windows. Nodes cap
 * either the block range (e.g. 10,000 blocks) or the results (e.g. 10,000 logs), or time out on a
 * dense range: any refused call halves the window and asks again for the same blocks (or takes the
 * range the error message suggests, as Infura and Alchemy phrase it: `[0xfrom, 0xto]`), and the window
 * doubles back after {@link GROW_AFTER} full windows succeed, so a dense stretch costs small windows
 * only while it lasts. A one-block window refused `attemptsAtOneBlock` times is an error.
 * @throws LogRangeRefusedError when even one block is refused; InvalidNodeResponseError when an answer is not a list of logs
 */
export async function readLogWindows(client: PublicClient, { chainId, filter, fromBlock, toBlock, window, onLogs, attemptsAtOneBlock = 3, stats }: ReadLogWindowsParameters): Promise<void> {
  let from = fromBlock
  let failuresAtOne = 0
  while (from <= toBlock) {
    const to = minBig(from + window.size - 1n, toBlock)
    if (stats) stats.requests++
    let logs: unknown
    try {
      logs = await client.request({
        method: 'eth_getLogs',
        params: [{ fromBlock: toHex(from), toBlock: toHex(to), ...(filter.address ? { address: filter.address } : {}), topics: filter.topics }],
      } as never)
    } catch (error) {
      if (stats) stats.refusals++
      window.streak = 0
      if (window.size > 1n) {
        const suggested = suggestedRange(error, from)
        window.size = suggested !== undefined && suggested < window.size ? suggested : maxBig(1n, window.size / 2n)
        continue
      }
      if (++failuresAtOne >= attemptsAtOneBlock) throw new LogRangeRefusedError({ chainId, fromBlock: from, toBlock: to, attempts: failuresAtOne, cause: error })
      continue
    }
    if (!Array.isArray(logs)) throw new InvalidNodeResponseError({ method: 'eth_getLogs', reason: 'not a list of logs' })
    failuresAtOne = 0
    if (stats) stats.logs += logs.length
    await onLogs(logs as RawLog[], { fromBlock: from, toBlock: to })
    // Only a window of the full size says the size works; the last, shorter one says nothing.
    if (to - from + 1n === window.size && ++window.streak >= GROW_AFTER && window.size < window.max) {
      window.size = minBig(window.max, window.size * 2n)
      window.streak = 0
    }
    from = to + 1n
  }
}

/** The window a refusal suggests (`... [0x1, 0x2710]`), when it starts at `from`; in blocks. */
function suggestedRange(error: unknown, from: bigint): bigint | undefined {
  const text = error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ''}` : String(error)
  const match = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(text)
  if (!match) return undefined
  const start = BigInt(match[1]!)
  const end = BigInt(match[2]!)
  return start === from && end >= start ? end - start + 1n : undefined
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b)
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b)
