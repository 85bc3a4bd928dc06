import { encodeAbiParameters, encodeEventTopics, toHex, type Hex, type PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { creationEventsAbi, creationTopics } from './creationEvents.js'
import { createPoolIndex } from './poolIndex.js'
import { createLogWindow, type RawLog } from './readLogWindows.js'
import { scanCreationLogs } from './scanCreationLogs.js'

const FACTORY = '0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f'
const HASH = `0x${'aa'.repeat(32)}` as Hex
const pairLog = (block: number): RawLog => ({
  address: FACTORY,
  topics: encodeEventTopics({ abi: creationEventsAbi, eventName: 'PairCreated', args: { token0: `0x${'11'.repeat(20)}`, token1: `0x${'22'.repeat(20)}` } }) as Hex[],
  data: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [`0x${block.toString(16).padStart(40, '0')}`, 1n]),
  blockNumber: toHex(block),
})

/** A node holding one PairCreated per block of `blocks`; it answers the creation filter only (the Deposit and CreateNewMarket topics: nothing). */
function fakeNode(blocks: number[]) {
  const asked: { from: number; to: number; address?: unknown; topics: unknown[] }[] = []
  const client = {
    async request({ params: [q] }: { params: [{ fromBlock: Hex; toBlock: Hex; address?: unknown; topics: (Hex | Hex[])[] }] }) {
      const from = Number(q.fromBlock)
      const to = Number(q.toBlock)
      asked.push({ from, to, address: q.address, topics: q.topics })
      if (Array.isArray(q.topics[0]) && q.topics[0].includes(creationTopics.Deposit)) return []
      return blocks.filter((b) => b >= from && b <= to).map(pairLog)
    },
  }
  return { client: client as unknown as PublicClient, asked }
}

describe('scanCreationLogs', () => {
  it('reads both streams from where the index stopped to the head, judges vaults and saves as it goes and at the end', async () => {
    const node = fakeNode([3, 50, 99])
    const index = createPoolIndex({ chainId: 1, genesisHash: HASH, startBlocks: { creations: 0n, vaults: 10n } })
    index.streams.creations = { fromBlock: 0n, toBlock: 9n }
    const saves: bigint[] = []
    let verified = 0
    const counts = await scanCreationLogs(node.client, {
      index, emitters: { uniswapV2Factory: FACTORY }, head: { number: 99n, hash: HASH },
      windows: { creations: createLogWindow(40n), vaults: createLogWindow(1_000n) },
      verifyVaults: async () => { verified++ },
      save: () => saves.push(index.streams.creations.toBlock),
      saveEveryMs: 0,
    })
    // Block 3 was read before: not again. The creation filter names the factory and the events; the stream
    // of any contract's topics (ERC-4626 Deposit, Pendle's CreateNewMarket) no address.
    expect(counts['uniswap-v2']).toBe(2)
    expect(index.uniswapV2.size).toBe(2)
    expect(node.asked.filter((q) => q.address).map((q) => [q.from, q.to])).toEqual([[10, 49], [50, 89], [90, 99]])
    expect(node.asked.find((q) => q.address)!.address).toEqual([FACTORY])
    expect(node.asked.filter((q) => !q.address).map((q) => [q.from, q.to, q.topics])).toEqual([[10, 99, [[creationTopics.Deposit, creationTopics.CreateNewMarket]]]])
    expect(index.streams).toEqual({ creations: { fromBlock: 0n, toBlock: 99n, toBlockHash: HASH }, vaults: { fromBlock: 10n, toBlock: 99n, toBlockHash: HASH } })
    // A save after each window (saveEveryMs 0) and one at the end, each after the vault candidates were judged.
    expect(saves).toEqual([49n, 89n, 99n, 99n, 99n])
    expect(verified).toBe(saves.length)
  })

  it('asks for no creation events when none of the protocols is on the chain, and still moves both streams to the head', async () => {
    const node = fakeNode([5])
    const index = createPoolIndex({ chainId: 1, genesisHash: HASH, startBlocks: { creations: 0n, vaults: 0n } })
    await scanCreationLogs(node.client, { index, emitters: {}, head: { number: 20n, hash: HASH }, windows: { creations: createLogWindow(100n), vaults: createLogWindow(100n) }, verifyVaults: async () => {}, save: () => {} })
    expect(node.asked.every((q) => q.address === undefined)).toBe(true)
    expect(index.streams.creations.toBlock).toBe(20n)
  })
})
