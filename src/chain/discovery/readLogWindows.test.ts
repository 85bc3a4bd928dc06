import { toHex, type Hex, type PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { createLogWindow, readLogWindows, type RawLog } from './readLogWindows.js'

/**
 * A fake node that holds one log in each block of `blocks` and refuses, as real providers do, a range
 * wider than `maxRange` blocks or one holding more than `maxResults` logs (with `message`).
 */
function fakeNode({ blocks, maxRange = Infinity, maxResults = Infinity, message }: { blocks: number[]; maxRange?: number; maxResults?: number; message?: (from: number, to: number) => string }) {
  const asked: [number, number][] = []
  const client = {
    async request({ method, params }: { method: string; params: [{ fromBlock: Hex; toBlock: Hex; topics: unknown[] }] }) {
      expect(method).toBe('eth_getLogs')
      const from = Number(params[0].fromBlock)
      const to = Number(params[0].toBlock)
      asked.push([from, to])
      if (to - from + 1 > maxRange) throw new Error(message?.(from, to) ?? 'block range is too large')
      const logs: RawLog[] = blocks.filter((b) => b >= from && b <= to).map((b) => ({ address: '0x0000000000000000000000000000000000000001', topics: [], data: '0x', blockNumber: toHex(b) }))
      if (logs.length > maxResults) throw new Error(message?.(from, to) ?? `query returned more than ${maxResults} results`)
      return logs
    },
  }
  return { client: client as unknown as PublicClient, asked }
}

async function readAll(client: PublicClient, parameters: { fromBlock: bigint; toBlock: bigint; max: bigint }) {
  const seen: number[] = []
  const ranges: [bigint, bigint][] = []
  const window = createLogWindow(parameters.max)
  const stats = { requests: 0, refusals: 0, logs: 0 }
  await readLogWindows(client, {
    chainId: 1, filter: { topics: [] }, fromBlock: parameters.fromBlock, toBlock: parameters.toBlock, window, stats,
    onLogs: (logs, range) => {
      ranges.push([range.fromBlock, range.toBlock])
      for (const l of logs) seen.push(Number(l.blockNumber))
    },
  })
  return { seen, ranges, window, stats }
}

describe('readLogWindows', () => {
  it('halves the window until a node capping the block range answers, reads every block once, in order', async () => {
    const blocks = Array.from({ length: 300 }, (_, i) => i * 7)
    const node = fakeNode({ blocks, maxRange: 100 })
    const { seen, ranges, stats } = await readAll(node.client, { fromBlock: 0n, toBlock: 2_099n, max: 1_000n })
    expect(seen).toEqual(blocks)
    // Contiguous windows covering the range exactly, none wider than the node takes.
    expect(ranges[0]![0]).toBe(0n)
    expect(ranges.at(-1)![1]).toBe(2_099n)
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1] + 1n)
    expect(ranges.every(([a, b]) => b - a + 1n <= 100n)).toBe(true)
    // 1,000 → 500 → 250 → 125 → 62 refused or taken: three refusals to find the size, then each
    // attempt to grow back (124) is refused once.
    expect(node.asked.slice(0, 5).map(([a, b]) => b - a + 1)).toEqual([1_000, 500, 250, 125, 62])
    expect(stats.refusals).toBeGreaterThanOrEqual(4)
    expect(stats.requests).toBeLessThan(70)
  })

  it('shrinks in a dense stretch that passes a result cap and grows back after it', async () => {
    // Sparse, then 2,000 logs in blocks 10,000–10,999 (two per block), then sparse again.
    const dense = Array.from({ length: 1_000 }, (_, i) => 10_000 + i).flatMap((b) => [b, b])
    const blocks = [5, 500, 5_000, ...dense, 20_000, 30_000, 39_999]
    const node = fakeNode({ blocks, maxResults: 100 })
    const { seen, window } = await readAll(node.client, { fromBlock: 0n, toBlock: 39_999n, max: 4_096n })
    expect(seen).toEqual(blocks)
    const sizes = node.asked.map(([a, b]) => b - a + 1)
    // Inside the dense stretch the windows fall to 50 blocks or less (100 logs), then grow back.
    expect(Math.min(...sizes)).toBeLessThanOrEqual(50)
    expect(window.size).toBe(4_096n)
    const afterDense = node.asked.filter(([a]) => a > 11_000).map(([a, b]) => b - a + 1)
    expect(Math.max(...afterDense)).toBe(4_096)
  })

  it('takes the range a refusal suggests ("Try with this block range [0x…, 0x…]")', async () => {
    const node = fakeNode({
      blocks: [1, 2, 3, 900],
      maxRange: 10,
      message: (from) => `query returned more than 10000 results. Try with this block range [${toHex(from)}, ${toHex(from + 9)}].`,
    })
    const { seen } = await readAll(node.client, { fromBlock: 0n, toBlock: 999n, max: 1_000n })
    expect(seen).toEqual([1, 2, 3, 900])
    expect(node.asked.slice(0, 2)).toEqual([[0, 999], [0, 9]])
  })

  it('keeps the window between reads: the next read starts at the size that worked', async () => {
    const node = fakeNode({ blocks: [], maxRange: 64 })
    const window = createLogWindow(1_024n)
    await readLogWindows(node.client, { chainId: 1, filter: { topics: [] }, fromBlock: 0n, toBlock: 63n, window, onLogs: () => {} })
    const before = node.asked.length
    await readLogWindows(node.client, { chainId: 1, filter: { topics: [] }, fromBlock: 64n, toBlock: 127n, window, onLogs: () => {} })
    expect(node.asked.slice(before)).toEqual([[64, 127]])
  })

  it('gives up when the node refuses even one block, three times', async () => {
    const client = { request: async () => { throw new Error('rate limited') } } as unknown as PublicClient
    const window = createLogWindow(8n)
    const error = await readLogWindows(client, { chainId: 8453, filter: { topics: [] }, fromBlock: 100n, toBlock: 200n, window, onLogs: () => {} }).catch((e: Error) => e)
    expect(error).toMatchInlineSnapshot(`
      [LogRangeRefusedError: The node for chain 8453 refused eth_getLogs for blocks 100–100.

      Does the node keep logs for these blocks (a pruned node, or one started with --no-logs)?
      Set SWITCHYARD_DISCOVERY_START_BLOCK_8453 to start discovery later.

      Details: 3 attempts at the smallest window; last error: rate limited]
    `)
  })

  it('refuses an answer that is not a list of logs', async () => {
    const client = { request: async () => ({ logs: [] }) } as unknown as PublicClient
    const error = await readLogWindows(client, { chainId: 1, filter: { topics: [] }, fromBlock: 0n, toBlock: 1n, window: createLogWindow(8n), onLogs: () => {} }).catch((e: Error) => e)
    expect((error as { name: string }).name).toBe('InvalidNodeResponseError')
  })
})
