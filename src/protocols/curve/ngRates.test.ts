import { erc20Abi, parseAbi, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import { createSnapshotStore } from '../../data/createSnapshotStore.js'
import { curveAdapter } from './index.js'
import type { CurveStableSwapSnapshot } from './types.js'

// The default scenario's sDAI/sUSDe stableswap-ng pool in the snapshot store: when sDAI's share price moves
// (yield arriving in the vault: no log of the pool), the next head's snapshot carries the pool's new
// stored_rates(), and the adapter's quote equals the pool's get_dy at that block.

const POOL: Address = '0x167478921b907422F8E88B43C4Af2B8BEa278d3A'
const poolAbi = parseAbi(['function stored_rates() view returns (uint256[])', 'function get_dy(int128 i, int128 j, uint256 dx) view returns (uint256)'])

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
}, 300_000)
afterAll(async () => {
  await devnet?.stop()
})

test('rates follow the vaults at every head: snapshot rates are stored_rates(), quotes are get_dy', async () => {
  const chain = devnet.chains[1]!
  const client = chain.client as unknown as PublicClient
  const book = chain.addressBook
  const store = createSnapshotStore({ chainId: 1, client, book })
  const find = async () => {
    const s = await store.current()
    return { s, pool: s.pools.find((p) => p.address === POOL.toLowerCase()) as CurveStableSwapSnapshot }
  }
  const quoteAndView = async (pool: CurveStableSwapSnapshot, blockNumber: bigint) => {
    const edge = curveAdapter.getEdges(pool).find((e) => e.action === 'swap' && e.tokenInIndex === 0 && e.tokenOutIndex === 1)!
    const dx = 250_000n * 10n ** 18n
    return [curveAdapter.quote(pool, { edge, amountIn: dx }), await client.readContract({ address: POOL, abi: poolAbi, functionName: 'get_dy', args: [0n, 1n, dx], blockNumber })]
  }
  const first = await find()
  expect(first.pool.variant).toBe('ng')
  expect(first.pool.rates).toEqual(await client.readContract({ address: POOL, abi: poolAbi, functionName: 'stored_rates', blockNumber: first.s.blockNumber }))
  const [q0, v0] = await quoteAndView(first.pool, first.s.blockNumber)
  expect(q0).toBe(v0)

  // 2% of sDAI's assets arrive as yield: DAI minted to the vault.
  const sdai = book.tokens.sDAI!.address
  const dai = book.tokens.DAI!.address
  const assets = await client.readContract({ address: dai, abi: erc20Abi, functionName: 'balanceOf', args: [sdai] })
  await devnet.fund({ chainId: 1, address: sdai, token: 'DAI', amount: assets / 50n })
  await chain.client.mine({ blocks: 1 })
  const before = store.stats()
  const second = await find()
  // An incremental load of a block with no log at all: the pool was re-read all the same.
  expect([store.stats().fullLoads - before.fullLoads, store.stats().incrementalLoads - before.incrementalLoads]).toEqual([0, 1])
  expect(second.s.blockNumber).toBeGreaterThan(first.s.blockNumber)
  expect(second.pool.rates[0]!).toBeGreaterThan(first.pool.rates[0]!)
  expect(second.pool.rates[1]).toBe(first.pool.rates[1])
  expect(second.pool.rates).toEqual(await client.readContract({ address: POOL, abi: poolAbi, functionName: 'stored_rates', blockNumber: second.s.blockNumber }))
  const [q1, v1] = await quoteAndView(second.pool, second.s.blockNumber)
  expect(q1).toBe(v1)
  // sDAI is worth 2% more, so it buys more sUSDe.
  expect(q1).toBeGreaterThan(q0!)
})
