import { createPublicClient, custom, erc20Abi, maxUint256, parseAbi, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import type { UniswapV2PoolSnapshot } from '../protocols/uniswap-v2/types.js'
import { createSnapshotStore } from './createSnapshotStore.js'
import { protocolAdaptersBySlug } from '../protocols/registry.js'
import type { PoolSnapshotBase } from '../protocols/types.js'
import { switchyardUniswapV4HelperAbi } from '../contracts/generated/abis.js'
import { loadUniswapV4, uniswapV4PoolKeyAddress } from '../protocols/uniswap-v4/load.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
})
afterAll(async () => {
  await devnet?.stop()
})

/** The book's stableswap-ng pools: re-read at every head, as their oracle or ERC-4626 rates move without a log of the pool. */
/** Pools re-read at every head: stableswap-ng (rates with no log of theirs) and twocrypto-ng (an EMA oracle moved to the block's time). */
const ngPoolsOf = (book: { curve?: { pools: readonly { variant?: string | undefined }[]; twocryptoPools?: readonly unknown[] | undefined } | undefined }) =>
  (book.curve?.pools ?? []).filter((p) => p.variant === 'ng').length + (book.curve?.twocryptoPools?.length ?? 0)

test('versions by block; a new block re-reads only the pools that emitted logs', async () => {
  const chain = devnet.chains[1]!
  const client = chain.client as unknown as PublicClient
  const book = chain.addressBook
  const store = createSnapshotStore({ chainId: 1, client, book })
  const first = await store.current()
  const total = book.uniswapV2.pairs.length + book.uniswapV3.pools.length + (book.uniswapV4?.pools.length ?? 0) + book.balancerV2.pools.length + (book.curve?.pools.length ?? 0) + (book.curve?.twocryptoPools?.length ?? 0) + (book.erc4626?.vaults.length ?? 0) + (book.lido ? 2 : 0) + (book.aaveV3?.reserves.length ?? 0) + (book.pendle?.markets.length ?? 0)
  expect(first.pools).toHaveLength(total)
  expect(first.version.startsWith(`1:${first.blockNumber}:`)).toBe(true)
  expect(await store.current()).toBe(first)

  // One swap through the USDC/WETH V2 pair.
  const trader: Address = '0x00000000000000000000000000000000005a0001'
  await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: 10n ** 9n })
  await devnet.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 18n })
  await chain.client.impersonateAccount({ address: trader })
  const usdc = book.tokens.USDC!.address
  const approve = await chain.client.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [book.uniswapV2.router02, maxUint256], account: trader, chain: chain.client.chain })
  await chain.client.waitForTransactionReceipt({ hash: approve })
  const swap = await chain.client.writeContract({
    address: book.uniswapV2.router02,
    abi: parseAbi(['function swapExactTokensForTokens(uint256,uint256,address[],address,uint256) returns (uint256[])']),
    functionName: 'swapExactTokensForTokens', args: [10n ** 9n, 0n, [usdc, book.weth], trader, 2n ** 40n], account: trader, chain: chain.client.chain,
  })
  await chain.client.waitForTransactionReceipt({ hash: swap })

  const before = store.stats()
  const second = await store.current()
  expect(second.blockNumber).toBeGreaterThan(first.blockNumber)
  expect(second.version).not.toBe(first.version)
  const after = store.stats()
  expect(after.incrementalLoads).toBe(before.incrementalLoads + 1)
  // The pair's Sync carries its reserves: taken from the log, not re-read. Only the stableswap-ng pools are
  // re-read at every head (their rates move with no log of theirs).
  expect([after.poolsReloaded - before.poolsReloaded, after.poolsPatched - before.poolsPatched]).toEqual([ngPoolsOf(book), 1])
  const pair = '0xb4e16d0168e52d35cacd2c6185b44281ec28c9dc'
  const reloaded = second.pools.find((p) => p.address === pair) as UniswapV2PoolSnapshot
  const [r0, r1] = await client.readContract({ address: pair, abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']), functionName: 'getReserves' })
  expect([reloaded.reserve0, reloaded.reserve1]).toEqual([r0, r1])
  expect(second.pools.length).toBeGreaterThan(0)
  expect(second.pools.every((p) => p.blockNumber === second.blockNumber)).toBe(true)
  // Carried-over Aave reserves move to the head's timestamp (a bigint) and still quote.
  const reserve = second.pools.find((p) => p.protocol === 'aave-v3') as (PoolSnapshotBase & { timestamp: bigint }) | undefined
  expect(reserve).toBeDefined()
  expect(reserve!.timestamp).toBe(second.timestamp)
  const aave = protocolAdaptersBySlug.get('aave-v3')!
  for (const edge of aave.getEdges(reserve!)) expect(aave.quote(reserve!, { edge, amountIn: 10n ** 6n })).toBeGreaterThan(0n)

  // A revert (same height, other state) or a reorg reloads everything rather than carrying state.
  const reverted = await chain.client.snapshot()
  await chain.client.mine({ blocks: 1 })
  await store.current()
  await chain.client.revert({ id: reverted })
  await chain.client.mine({ blocks: 2 })
  const fullBefore = store.stats().fullLoads
  await store.current()
  expect(store.stats().fullLoads).toBe(fullBefore + 1)
})

test('a Uniswap V4 swap is taken from its log, no pool re-read: PoolManager events are mapped to pools by their indexed id', async () => {
  const chain = devnet.chains[1]!
  const client = chain.client as unknown as PublicClient
  const book = chain.addressBook
  const store = createSnapshotStore({ chainId: 1, client, book })
  await store.current()
  const pool = book.uniswapV4!.pools.find((p) => p.fee === 500 && p.currency0 === '0x0000000000000000000000000000000000000000')!
  const helper = (book.switchyard!.helpers as Record<string, Address>).uniswapV4!
  const trader: Address = '0x00000000000000000000000000000000005a0004'
  await devnet.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 18n })
  await devnet.fund({ chainId: 1, address: trader, token: 'WETH', amount: 10n ** 18n })
  await chain.client.impersonateAccount({ address: trader })
  const approve = await chain.client.writeContract({ address: book.weth, abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256], account: trader, chain: chain.client.chain })
  await chain.client.waitForTransactionReceipt({ hash: approve })
  const before = store.stats()
  await store.current()
  const swap = await chain.client.writeContract({
    address: helper, abi: switchyardUniswapV4HelperAbi, functionName: 'swapExactIn',
    args: [{ currency0: pool.currency0, currency1: pool.currency1, fee: pool.fee, tickSpacing: pool.tickSpacing, hooks: pool.hooks }, true, 10n ** 17n, 0n],
    account: trader, chain: chain.client.chain,
  })
  const receipt = await chain.client.waitForTransactionReceipt({ hash: swap })
  const mid = store.stats()
  const after = await store.current()
  // Nothing re-read but the stableswap-ng pools, at every head.
  expect(store.stats().poolsReloaded - mid.poolsReloaded).toBe(ngPoolsOf(book) * (store.stats().incrementalLoads - mid.incrementalLoads))
  expect(store.stats().poolsPatched - mid.poolsPatched).toBe(1)
  expect(mid.poolsReloaded - before.poolsReloaded).toBe(ngPoolsOf(book) * (mid.incrementalLoads - before.incrementalLoads))
  const [fresh] = await loadUniswapV4({ client, book }, { blockNumber: receipt.blockNumber, pools: [uniswapV4PoolKeyAddress(pool.id)] })
  expect(after.pools.find((p) => p.address === uniswapV4PoolKeyAddress(pool.id))).toEqual(fresh)
})

test('the pools that move with time are read beside the logs of a new block, not after them', async () => {
  const chain = devnet.chains[1]!
  const book = chain.addressBook
  expect(ngPoolsOf(book)).toBeGreaterThan(0)
  // Every call the store makes, with when it left and when it was answered.
  const calls: { method: string; sent: number; answered: number }[] = []
  let clock = 0
  const client = createPublicClient({
    chain: chain.client.chain,
    transport: custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        const call = { method, sent: ++clock, answered: Number.POSITIVE_INFINITY }
        calls.push(call)
        try {
          return await chain.client.request({ method: method as never, params: params as never })
        } finally {
          call.answered = ++clock
        }
      },
    }),
  }) as unknown as PublicClient
  const store = createSnapshotStore({ chainId: 1, client, book })
  await store.current()
  await chain.client.mine({ blocks: 1 })
  calls.length = 0
  const before = store.stats()
  await store.current()
  expect(store.stats().incrementalLoads).toBe(before.incrementalLoads + 1)
  expect(store.stats().poolsReloaded - before.poolsReloaded).toBe(ngPoolsOf(book))
  // An empty block: the only contract reads are the time-moved pools', and they left before the logs came back.
  const logs = calls.find((c) => c.method === 'eth_getLogs')!
  const reads = calls.filter((c) => c.method === 'eth_call')
  expect(reads.length).toBeGreaterThan(0)
  for (const read of reads) expect(read.sent).toBeLessThan(logs.answered)
})
