import { parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDevnetClient } from '../createDevnetClient.js'
import type { DevnetChain } from '../devnetChain.js'
import { startDevnet, type Devnet } from '../startDevnet.js'
import { createTraffic } from './createTraffic.js'
import { generateWorld } from './generateWorld.js'
import { seedWorld } from './seedWorld.js'
import { startTraffic } from './startTraffic.js'

let devnet: Devnet
let chain: DevnetChain

beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
  chain = devnet.chains[1]!
  const listed = devnet.scenario.chains['1']!
  const world = generateWorld({ listed: listed.tokens, spec: { seed: 'traffic-test', tokens: 30, uniswapV2: 80, uniswapV3: 20, uniswapV4: 0, balancer: 4, vaults: 3 }, chainId: 1, existing: listed.pools })
  await seedWorld(chain.client, { book: chain.addressBook, world })
}, 300_000)
afterAll(async () => devnet?.stop())

describe('createTraffic', () => {
  test('each block holds the asked number of swaps, mints, burns and deposits, almost none reverted, and prices move', async () => {
    const pairAbi = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)'])
    const reserves = () => Promise.all(chain.addressBook.uniswapV2.pairs.map((p) => chain.client.readContract({ address: p.address, abi: pairAbi, functionName: 'getReserves' })))
    const before = await reserves()
    const traffic = createTraffic(chain.client, chain.addressBook, { seed: 'test', perBlock: 60, traders: 8 })
    const head = (await chain.client.getBlock()).number
    const mined: bigint[] = []
    for (let i = 0; i < 4; i++) mined.push(await traffic.block())
    const stats = traffic.stats()
    expect(stats.blocks).toBe(4)
    // Actions whose pool holds nothing of the token (or no LP to burn) are skipped; the rest are sent.
    expect(stats.sent).toBeGreaterThan(4 * 60 * 0.8)
    expect(stats.sent).toBeLessThanOrEqual(4 * 60)
    expect(stats.byKind.swap).toBeGreaterThan(stats.sent * 0.6)
    expect(stats.byKind.mint + stats.byKind.deposit).toBeGreaterThan(0)
    expect(stats.reverted / stats.sent).toBeLessThan(0.05)
    // One block per call of block() (the first one may take a second for the traders' first approvals).
    expect(mined.at(-1)! - head).toBeGreaterThanOrEqual(4n)
    expect(mined.at(-1)! - head).toBeLessThanOrEqual(8n)
    const after = await reserves()
    const moved = after.filter((r, i) => r[0] !== before[i]![0] || r[1] !== before[i]![1]).length
    expect(moved).toBeGreaterThan(10)
    // Walks, not crashes: no pair's price moved by more than 20 % in four blocks of 0.01 %–0.5 % trades.
    for (const [i, r] of after.entries()) {
      const [b0, b1] = before[i]!
      if (b0 === 0n || r[0] === 0n) continue
      const ratio = (Number(r[1]) / Number(r[0])) / (Number(b1) / Number(b0))
      expect(ratio, chain.addressBook.uniswapV2.pairs[i]!.address).toBeGreaterThan(0.8)
      expect(ratio).toBeLessThan(1.25)
    }
  })

  test('startTraffic paces blocks, stops after the asked count or on stop(), and stops on a failing node', async () => {
    const seen: bigint[] = []
    const counted = startTraffic(chain.client, chain.addressBook, { seed: 'paced', perBlock: 10, traders: 2, intervalMs: 0, blocks: 2, onBlock: ({ block }) => seen.push(block) })
    expect((await counted.done).blocks).toBe(2)
    expect(seen).toHaveLength(2)
    const endless = startTraffic(chain.client, chain.addressBook, { seed: 'paced', perBlock: 5, traders: 2, intervalMs: 60_000 })
    const stopped = await endless.stop()
    expect(stopped.blocks).toBeLessThanOrEqual(1)
    const errors: unknown[] = []
    const dead = createDevnetClient({ rpcUrl: 'http://127.0.0.1:9', chainId: 1 })
    const failing = startTraffic(dead, chain.addressBook, { seed: 'dead', perBlock: 5, intervalMs: 0, onError: (e) => errors.push(e) })
    expect((await failing.done).blocks).toBe(0)
    expect(errors).toHaveLength(1)
  })
})
