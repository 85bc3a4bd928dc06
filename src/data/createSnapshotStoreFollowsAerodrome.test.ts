/**
 * The snapshot store follows Aerodrome's pools on Base from their own logs: a pool's `Sync(uint256,
 * uint256)` (with its LP Transfers from and to zero for the supply) carries its whole new state, so swaps,
 * liquidity adds and removals through the Router or on the pool directly are folded, not re-read; a fee
 * change on the factory re-reads the pool it names. The proof is equality with a full load at the same
 * block, pool for pool.
 */
import { erc20Abi, maxUint256, parseAbi, zeroAddress, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { aerodromeSeeder } from '../chain/devnet/seedAerodrome.js'
import { startDevnet, type Devnet } from '../chain/devnet/startDevnet.js'
import type { AerodromePoolSnapshot } from '../protocols/aerodrome/types.js'
import { createSnapshotStore } from './createSnapshotStore.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [8453] })
}, 180_000)
afterAll(async () => {
  await devnet?.stop()
})

const routerAbi = parseAbi([
  'struct Route { address from; address to; bool stable; address factory; }',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, Route[] routes, address to, uint256 deadline) returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, bool stable, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function removeLiquidity(address tokenA, address tokenB, bool stable, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
])
const poolAbi = parseAbi(['function mint(address to) returns (uint256)', 'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)', 'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)'])
const factoryAbi = parseAbi(['function setCustomFee(address pool, uint256 fee)'])

test('after Router swaps on both curves (one pool twice in a block), a Router add and removal, a direct swap and mint, LP transfers, the followed snapshot equals a full load; a fee change re-reads its pool', async () => {
  const chain = devnet.chains[8453]!
  const client = chain.client as unknown as PublicClient
  const book = chain.addressBook
  const aero = book.aerodrome!
  const store = createSnapshotStore({ chainId: 8453, client, book })
  const trader: Address = '0x00000000000000000000000000000000005a0a01'
  const usdc = book.tokens.USDC!.address
  const usdbc = book.tokens.USDbC!.address
  const weth = book.weth
  await devnet.fund({ chainId: 8453, address: trader, token: 'USDC', amount: 10n ** 12n })
  await devnet.fund({ chainId: 8453, address: trader, token: 'USDbC', amount: 10n ** 12n })
  await devnet.fund({ chainId: 8453, address: trader, token: 'WETH', amount: 10n ** 21n })
  await devnet.fund({ chainId: 8453, address: trader, token: 'ETH', amount: 10n ** 19n })
  await chain.client.impersonateAccount({ address: trader })
  const send = async (request: Record<string, unknown>) => {
    const hash = await chain.client.writeContract({ gas: 1_000_000n, ...request, account: trader, chain: chain.client.chain } as never)
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  }
  const volatile = aero.pools.find((p) => !p.stable)!.address
  const stable = aero.pools.find((p) => p.stable && [p.token0, p.token1].includes(usdbc))!.address
  for (const token of [usdc, usdbc, weth, volatile]) await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [aero.router, maxUint256] })

  await store.current()
  const before = store.stats()
  const route = (from: Address, to: Address, isStable: boolean) => [{ from, to, stable: isStable, factory: zeroAddress }]
  // One block: two swaps through the volatile pool, one through the stable pool.
  await chain.client.setAutomine(false)
  try {
    for (const args of [[10n ** 9n, 0n, route(usdc, weth, false), trader, 2n ** 40n], [10n ** 17n, 0n, route(weth, usdc, false), trader, 2n ** 40n], [5n * 10n ** 9n, 0n, route(usdc, usdbc, true), trader, 2n ** 40n]]) {
      await chain.client.writeContract({ address: aero.router, abi: routerAbi, functionName: 'swapExactTokensForTokens', args, account: trader, chain: chain.client.chain, gas: 1_000_000n } as never)
    }
    await chain.client.mine({ blocks: 1 })
  } finally {
    await chain.client.setAutomine(true)
  }
  // A liquidity add and a removal of part of it through the Router (Transfer from zero, Sync, Mint; then
  // the LP sent to the pool, Transfer to zero, Sync, Burn).
  await send({ address: aero.router, abi: routerAbi, functionName: 'addLiquidity', args: [weth, usdc, false, 10n ** 18n, 3_100n * 10n ** 6n, 0n, 0n, trader, 2n ** 40n] })
  const lp = await client.readContract({ address: volatile, abi: erc20Abi, functionName: 'balanceOf', args: [trader] })
  await send({ address: volatile, abi: erc20Abi, functionName: 'transfer', args: ['0x00000000000000000000000000000000005a0a02', lp / 4n] })
  await send({ address: aero.router, abi: routerAbi, functionName: 'removeLiquidity', args: [weth, usdc, false, lp / 2n, 0n, 0n, trader, 2n ** 40n] })
  // On the stable pool directly: a swap as our encoder sends it, then a mint of both tokens.
  const out = await client.readContract({ address: stable, abi: poolAbi, functionName: 'getAmountOut', args: [10n ** 9n, usdbc] })
  await send({ address: usdbc, abi: erc20Abi, functionName: 'transfer', args: [stable, 10n ** 9n] })
  const usdcIs0 = usdc.toLowerCase() < usdbc.toLowerCase()
  await send({ address: stable, abi: poolAbi, functionName: 'swap', args: usdcIs0 ? [out, 0n, trader, '0x'] : [0n, out, trader, '0x'] })
  await send({ address: usdc, abi: erc20Abi, functionName: 'transfer', args: [stable, 10n ** 9n] })
  await send({ address: usdbc, abi: erc20Abi, functionName: 'transfer', args: [stable, 10n ** 9n] })
  await send({ address: stable, abi: poolAbi, functionName: 'mint', args: [trader] })

  const compare = async () => {
    let followed = await store.current()
    let fresh = await createSnapshotStore({ chainId: 8453, client, book }).current()
    for (let i = 0; i < 3 && followed.blockNumber !== fresh.blockNumber; i++) {
      followed = await store.current()
      if (followed.blockNumber !== fresh.blockNumber) fresh = await createSnapshotStore({ chainId: 8453, client, book }).current()
    }
    expect(followed.blockNumber).toBe(fresh.blockNumber)
    const byAddress = (pools: typeof fresh.pools) => Object.fromEntries(pools.map((p) => [p.address, p]))
    expect(byAddress(followed.pools)).toEqual(byAddress(fresh.pools))
    return followed
  }
  await compare()
  const after = store.stats()
  // Both pools came from their logs; nothing was re-read.
  expect(after.poolsPatched - before.poolsPatched).toBeGreaterThanOrEqual(2)
  expect(after.poolsReloaded - before.poolsReloaded).toBe(0)

  // A custom fee set on the factory (no log of the pool's own): the pool is re-read at its new fee.
  await chain.client.impersonateAccount({ address: aerodromeSeeder })
  const hash = await chain.client.writeContract({ address: aero.factory, abi: factoryAbi, functionName: 'setCustomFee', args: [volatile, 7n], account: aerodromeSeeder, chain: chain.client.chain } as never)
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  await chain.client.stopImpersonatingAccount({ address: aerodromeSeeder })
  const followed = await compare()
  expect((followed.pools.find((p) => p.address === volatile.toLowerCase()) as AerodromePoolSnapshot).fee).toBe(7n)
  expect(store.stats().poolsReloaded - after.poolsReloaded).toBe(1)
}, 300_000)
