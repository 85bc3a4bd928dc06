import { parseAbi, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import { amountLadder } from '../testing/amountLadder.js'
import { uniswapV3Adapter } from './index.js'
import { loadUniswapV3 } from './load.js'

const quoterAbi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
])
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [1] })
})
afterAll(async () => {
  await devnet?.stop()
})

test('loads slot0, liquidity and initialized ticks; quotes equal QuoterV2 to the wei, tick crossings included', async () => {
  const chain = devnet.chains[1]!
  const client = chain.client as unknown as PublicClient
  const blockNumber = await client.getBlockNumber()
  const snapshots = await loadUniswapV3({ client, book: chain.addressBook }, { blockNumber })
  expect(snapshots).toHaveLength(chain.addressBook.uniswapV3.pools.length)
  const seed = Date.now() % 1_000_000
  let compared = 0
  let crossed = 0
  // Concentrated positions put initialized ticks near the price; full-range ones sit outside the window.
  expect(snapshots.filter((s) => s.ticks.length >= 2).length).toBeGreaterThanOrEqual(5)
  for (const s of snapshots) {
    for (const edge of uniswapV3Adapter.getEdges(s)) {
      const tokenIn = s.tokens[edge.tokenInIndex]! as `0x${string}`
      const tokenOut = s.tokens[edge.tokenOutIndex]! as `0x${string}`
      const held = await client.readContract({ address: tokenIn, abi: erc20, functionName: 'balanceOf', args: [s.address], blockNumber })
      const ladder = [...amountLadder({ max: held * 3n, count: 6, seed: seed + compared }), held / 4n, held / 2n, held]
      for (const amountIn of ladder) {
        const ours = uniswapV3Adapter.quote(s, { edge, amountIn })
        const { result } = await client.simulateContract({
          address: chain.addressBook.uniswapV3.quoterV2, abi: quoterAbi, functionName: 'quoteExactInputSingle',
          args: [{ tokenIn, tokenOut, amountIn, fee: s.fee, sqrtPriceLimitX96: 0n }], blockNumber,
        }).catch(() => ({ result: undefined }))
        compared++
        // Our quote is 0n exactly when the pool cannot take the whole input (the quoter then reports a
        // partial fill or reverts): those amounts are not executable as exact-input swaps.
        if (ours === 0n) continue
        expect(result, `seed ${seed}: quoter failed where we quoted ${ours}`).toBeDefined()
        expect(ours, `seed ${seed} pool ${s.address} fee ${s.fee} in ${amountIn}`).toBe(result![0])
        if (result![2] > 0) crossed++
      }
    }
  }
  expect(compared).toBeGreaterThan(150)
  expect(crossed).toBeGreaterThan(5)
})
