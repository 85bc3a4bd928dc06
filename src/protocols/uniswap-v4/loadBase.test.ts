import { erc20Abi, maxUint256, zeroAddress, type Address, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DevnetChain } from '../../chain/devnet/devnetChain.js'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import { switchyardUniswapV4HelperAbi } from '../../contracts/generated/abis.js'
import { amountLadder } from '../testing/amountLadder.js'
import { loadUniswapV4 } from './load.js'
import { quoteExactInputV4 } from './quote.js'
import type { UniswapV4PoolSnapshot } from './types.js'

/**
 * Uniswap V4 on Base: the loader reads the Base devnet's hookless pools (ETH/USDC 0.05%, DAI/USDC 0.01%) from
 * Base's canonical PoolManager, and every quote equals the swap our V4 helper on Base executes, both
 * directions, from dust to beyond the pool's depth.
 */

const trader: Address = '0x00000000000000000000000000000000000a4405'

let devnet: Devnet
let chain: DevnetChain
let helper: Address
beforeAll(async () => {
  devnet = await startDevnet({ chains: [8453] })
  chain = devnet.chains[8453]!
  helper = (chain.addressBook.switchyard!.helpers as Record<string, Address>).uniswapV4!
  await chain.client.impersonateAccount({ address: trader })
  await devnet.fund({ chainId: 8453, address: trader, token: 'ETH', amount: 10n ** 20n })
  for (const [symbol, amount] of [['WETH', 10n ** 24n], ['USDC', 10n ** 15n], ['DAI', 10n ** 27n]] as const) {
    await devnet.fund({ chainId: 8453, address: trader, token: symbol, amount })
    const hash = await chain.client.writeContract({
      address: chain.addressBook.tokens[symbol]!.address, abi: erc20Abi, functionName: 'approve', args: [helper, maxUint256], account: trader, chain: chain.client.chain,
    })
    await chain.client.waitForTransactionReceipt({ hash })
  }
})
afterAll(async () => {
  await devnet?.stop()
})

const keyOf = (s: UniswapV4PoolSnapshot) => ({ currency0: s.currency0, currency1: s.currency1, fee: s.keyFee, tickSpacing: s.tickSpacing, hooks: zeroAddress })

test('Base\'s V4 pools load from its canonical PoolManager and quote to the wei what the helper executes, both directions', async () => {
  const client = chain.client as unknown as PublicClient
  const v4 = chain.addressBook.uniswapV4!
  expect(v4.poolManager).toBe('0x498581fF718922c3f8e6A244956aF099B2652b2b')
  const blockNumber = await client.getBlockNumber()
  const snapshots = await loadUniswapV4({ client, book: chain.addressBook }, { blockNumber })
  const usdc = chain.addressBook.tokens.USDC!.address.toLowerCase()
  const dai = chain.addressBook.tokens.DAI!.address.toLowerCase()
  expect(snapshots.map((s) => `${s.currency0}/${s.currency1}/${s.keyFee}/${s.tickSpacing}`).sort()).toEqual([`${zeroAddress}/${usdc}/500/10`, `${dai}/${usdc}/100/1`].sort())
  const seed = Date.now() % 1_000_000
  let compared = 0
  for (const s of snapshots) {
    expect(s.ticks.length, s.id).toBeGreaterThanOrEqual(4)
    for (const zeroForOne of [true, false]) {
      const currencyIn = zeroForOne ? s.currency0 : s.currency1
      const held = currencyIn === zeroAddress
        ? await client.getBalance({ address: v4.poolManager, blockNumber })
        : await client.readContract({ address: currencyIn, abi: erc20Abi, functionName: 'balanceOf', args: [v4.poolManager], blockNumber })
      for (const amountIn of [...amountLadder({ max: held * 2n, count: 8, seed: seed + compared }), held / 50n, held / 4n]) {
        const quote = quoteExactInputV4(s, { zeroForOne, amountIn })
        if (quote.status === 'windowExhausted') continue
        const out = await client
          .simulateContract({ address: helper, abi: switchyardUniswapV4HelperAbi, functionName: 'swapExactIn', args: [keyOf(s), zeroForOne, amountIn, 0n], account: trader, blockNumber })
          .then((r) => r.result, () => undefined)
        const where = `seed ${seed} pool ${s.id} zeroForOne ${zeroForOne} in ${amountIn} (${quote.status})`
        expect(out === undefined ? 'revert' : 'filled', where).toBe(quote.status === 'ok' ? 'filled' : 'revert')
        if (quote.status === 'ok') expect(quote.amountOut, where).toBe(out)
        compared++
      }
    }
  }
  console.log(`uniswap-v4/loadBase seed=${seed} compared ${compared}`)
  expect(compared).toBeGreaterThanOrEqual(30)
})
