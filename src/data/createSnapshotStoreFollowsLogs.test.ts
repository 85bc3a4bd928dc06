/**
 * The snapshot store follows the head from logs (issue 20 item 3): a V2 pair's `Sync` (with its LP
 * Transfers from and to zero for the supply) and a V3 pool's `Swap` carry the whole new state, so those
 * pools are not re-read; everything else that moved is. The proof is equality: after swaps, a liquidity
 * add and removal, plain transfers and a Balancer swap, the followed snapshot equals a full load at the
 * same block, pool for pool.
 */
import { erc20Abi, maxUint256, parseAbi, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import { createSnapshotStore } from './createSnapshotStore.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
})
afterAll(async () => {
  await devnet?.stop()
})

const v2RouterAbi = parseAbi(['function swapExactTokensForTokens(uint256,uint256,address[],address,uint256) returns (uint256[])'])
const balancerVaultAbi = parseAbi([
  'struct SingleSwap { bytes32 poolId; uint8 kind; address assetIn; address assetOut; uint256 amount; bytes userData; }',
  'struct FundManagement { address sender; bool fromInternalBalance; address recipient; bool toInternalBalance; }',
  'function swap(SingleSwap singleSwap, FundManagement funds, uint256 limit, uint256 deadline) payable returns (uint256)',
])
const npmAbi = parseAbi([
  'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
  'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
  'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
])
const v3RouterAbi = parseAbi(['struct P { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }', 'function exactInputSingle(P params) payable returns (uint256)'])

test.each([
  ['logs filtered by address (a small book)', undefined],
  ['logs read unfiltered and matched here (a book of more addresses than the filter takes)', 0],
])('%s: after swaps (V2 and V3, one pool swapped twice in a block), V2 liquidity added and removed, V3 liquidity added in and out of range, a fee collection, LP transfers and a Balancer swap, the followed snapshot equals a full load', async (_name, addressFilterMax) => {
  const chain = devnet.chains[1]!
  const client = chain.client as unknown as PublicClient
  const book = chain.addressBook
  // The followed store's Multicall3 batches, counted: a re-read asks only the loaders of the pools it re-reads.
  const batches: number[] = []
  const counting = new Proxy(client, {
    get: (target, key, receiver) =>
      key === 'multicall'
        ? (args: { contracts: readonly unknown[] }) => {
            batches.push(args.contracts.length)
            return target.multicall(args as never)
          }
        : Reflect.get(target, key, receiver),
  })
  const store = createSnapshotStore({ chainId: 1, client: counting, book, addressFilterMax })

  const trader: Address = addressFilterMax === undefined ? '0x00000000000000000000000000000000005a0002' : '0x00000000000000000000000000000000005a0004'
  const usdc = book.tokens.USDC!.address
  const weth = book.weth
  await devnet.fund({ chainId: 1, address: trader, token: 'USDC', amount: 10n ** 12n })
  await devnet.fund({ chainId: 1, address: trader, token: 'WETH', amount: 10n ** 21n })
  await devnet.fund({ chainId: 1, address: trader, token: 'ETH', amount: 10n ** 19n })
  await chain.client.impersonateAccount({ address: trader })
  const send = async (request: Parameters<typeof chain.client.writeContract>[0]) => chain.client.writeContract({ ...request, account: trader, chain: chain.client.chain } as never)
  for (const token of [usdc, weth]) {
    for (const spender of [book.uniswapV2.router02, book.uniswapV3.swapRouter02]) await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] } as never)
  }
  const v3 = book.uniswapV3.pools.find((p) => [p.token0, p.token1].every((t) => [usdc, weth].map((x) => x.toLowerCase()).includes(t.toLowerCase())))!
  // Followed from here: the blocks below are few enough for an unfiltered read (8 at most).
  await store.current()
  const before = store.stats()
  batches.length = 0
  // One block: two V2 swaps through the same pair, a V3 swap each way, a V2 liquidity add (Mint: re-read).
  await chain.client.setAutomine(false)
  try {
    await send({ address: book.uniswapV2.router02, abi: v2RouterAbi, functionName: 'swapExactTokensForTokens', args: [10n ** 9n, 0n, [usdc, weth], trader, 2n ** 40n] } as never)
    await send({ address: book.uniswapV2.router02, abi: v2RouterAbi, functionName: 'swapExactTokensForTokens', args: [10n ** 17n, 0n, [weth, usdc], trader, 2n ** 40n] } as never)
    await send({ address: book.uniswapV3.swapRouter02, abi: v3RouterAbi, functionName: 'exactInputSingle', args: [{ tokenIn: usdc, tokenOut: weth, fee: v3.fee, recipient: trader, amountIn: 5n * 10n ** 9n, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }] } as never)
    await send({ address: book.uniswapV3.swapRouter02, abi: v3RouterAbi, functionName: 'exactInputSingle', args: [{ tokenIn: weth, tokenOut: usdc, fee: v3.fee, recipient: trader, amountIn: 10n ** 18n, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }] } as never)
    await chain.client.mine({ blocks: 1 })
  } finally {
    await chain.client.setAutomine(true)
  }
  const pair = book.uniswapV2.pairs.find((p) => [usdc, weth].every((t) => [p.token0, p.token1].map((x) => x.toLowerCase()).includes(t.toLowerCase())))!
  // A liquidity add straight to the pair: both tokens in, then mint (LP Transfer from zero, Sync, Mint).
  await send({ address: usdc, abi: erc20Abi, functionName: 'transfer', args: [pair.address, 10n ** 9n] } as never)
  await send({ address: weth, abi: erc20Abi, functionName: 'transfer', args: [pair.address, 10n ** 18n] } as never)
  const add = await send({ address: pair.address, abi: parseAbi(['function mint(address) returns (uint256)']), functionName: 'mint', args: [trader] } as never)
  expect((await client.waitForTransactionReceipt({ hash: add })).status).toBe('success')
  // The LP tokens move on: a plain transfer changes nothing a quote reads.
  const lp = await client.readContract({ address: pair.address, abi: erc20Abi, functionName: 'balanceOf', args: [trader] })
  await send({ address: pair.address, abi: erc20Abi, functionName: 'transfer', args: ['0x00000000000000000000000000000000005a0003', lp / 2n] } as never)
  // A removal: the rest of the LP sent to the pair, then burned (Transfer to zero, Sync, Burn).
  await send({ address: pair.address, abi: erc20Abi, functionName: 'transfer', args: [pair.address, lp - lp / 2n] } as never)
  const remove = await send({ address: pair.address, abi: parseAbi(['function burn(address) returns (uint256, uint256)']), functionName: 'burn', args: [trader] } as never)
  expect((await client.waitForTransactionReceipt({ hash: remove })).status).toBe('success')
  // A Balancer swap: the Vault's Swap event names the pool, which is re-read.
  const balancer = book.balancerV2.pools.find((p) => [usdc, weth].every((t) => p.tokens.map((x) => x.toLowerCase()).includes(t.toLowerCase())))!
  await send({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [book.balancerV2.vault, maxUint256] } as never)
  const swapped = await send({
    address: book.balancerV2.vault,
    abi: balancerVaultAbi,
    functionName: 'swap',
    args: [{ poolId: balancer.poolId, kind: 0, assetIn: usdc, assetOut: weth, amount: 10n ** 9n, userData: '0x' }, { sender: trader, fromInternalBalance: false, recipient: trader, toInternalBalance: false }, 0n, 2n ** 40n],
  } as never)
  expect((await client.waitForTransactionReceipt({ hash: swapped })).status).toBe('success')

  // V3 liquidity adds through the position manager: one around the price (in-range liquidity grows), one
  // above it on ticks nobody used (they join the list); then a fee collection (a Burn of nothing, Collect).
  for (const token of [usdc, weth]) await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [book.uniswapV3.positionManager, maxUint256] } as never)
  const [, tick] = await client.readContract({ address: v3.address, abi: parseAbi(['function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)']), functionName: 'slot0' })
  const spacing = await client.readContract({ address: v3.address, abi: parseAbi(['function tickSpacing() view returns (int24)']), functionName: 'tickSpacing' })
  const at = Math.floor(tick / spacing) * spacing
  const [token0, token1] = v3.token0.toLowerCase() < v3.token1.toLowerCase() ? [v3.token0, v3.token1] : [v3.token1, v3.token0]
  const usdcIs0 = token0.toLowerCase() === usdc.toLowerCase()
  for (const [tickLower, tickUpper] of [[at - 10 * spacing, at + 10 * spacing], [at + 37 * spacing, at + 41 * spacing]] as const) {
    const minted = await send({
      address: book.uniswapV3.positionManager,
      abi: npmAbi,
      functionName: 'mint',
      args: [{ token0, token1, fee: v3.fee, tickLower, tickUpper, amount0Desired: usdcIs0 ? 10n ** 9n : 10n ** 17n, amount1Desired: usdcIs0 ? 10n ** 17n : 10n ** 9n, amount0Min: 0n, amount1Min: 0n, recipient: trader, deadline: 2n ** 40n }],
      // The node's estimate of a mint that initializes ticks falls short (63/64 of the gas to the pool's callback).
      gas: 1_500_000n,
    } as never)
    expect((await client.waitForTransactionReceipt({ hash: minted })).status).toBe('success')
  }
  const positionId = await client.readContract({ address: book.uniswapV3.positionManager, abi: npmAbi, functionName: 'tokenOfOwnerByIndex', args: [trader, 0n] })
  const collected = await send({ address: book.uniswapV3.positionManager, abi: npmAbi, functionName: 'collect', args: [{ tokenId: positionId, recipient: trader, amount0Max: 2n ** 127n, amount1Max: 2n ** 127n }] } as never)
  expect((await client.waitForTransactionReceipt({ hash: collected })).status).toBe('success')

  // The devnet's clock may mine an empty block between the two reads: compare at one block.
  let followed = await store.current()
  let fresh = await createSnapshotStore({ chainId: 1, client, book }).current()
  for (let i = 0; i < 3 && followed.blockNumber !== fresh.blockNumber; i++) {
    followed = await store.current()
    if (followed.blockNumber !== fresh.blockNumber) fresh = await createSnapshotStore({ chainId: 1, client, book }).current()
  }
  expect(followed.blockNumber).toBe(fresh.blockNumber)
  const byAddress = (pools: typeof fresh.pools) => Object.fromEntries(pools.map((p) => [p.address, p]))
  expect(byAddress(followed.pools)).toEqual(byAddress(fresh.pools))
  const after = store.stats()
  // The V3 pool's swaps, liquidity adds and fee collection and the pair's swaps, liquidity add and removal
  // came from their logs (the pair's LP supply, the pool's ticks included); the Balancer pool, whose Vault
  // event carries amounts but not its state, was re-read.
  expect(after.poolsPatched - before.poolsPatched).toBeGreaterThanOrEqual(2)
  // Besides, the pools re-read at every head (stableswap-ng rates, twocrypto-ng's time-moved oracle).
  const everyHead = (book.curve?.pools ?? []).filter((p) => p.variant === 'ng').length + (book.curve?.twocryptoPools?.length ?? 0)
  expect(after.poolsReloaded - before.poolsReloaded).toBe(1 + everyHead * (after.incrementalLoads - before.incrementalLoads))
  expect(batches.length).toBeGreaterThan(0)
  expect(batches.filter((n) => n === 0)).toEqual([])
  const followedPair = followed.pools.find((p) => p.address.toLowerCase() === pair.address.toLowerCase()) as { totalSupply?: bigint }
  expect(followedPair.totalSupply).toBeGreaterThan(0n)
})
