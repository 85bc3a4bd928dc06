import { parseAbi, type PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startDevnet, type Devnet } from '../../chain/devnet/startDevnet.js'
import { amountLadder } from '../testing/amountLadder.js'
import { uniswapV3Adapter } from './index.js'
import { loadUniswapV3 } from './load.js'
import { quoteExactInput } from './quote.js'
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO, getTickAtSqrtRatio } from './tickMath.js'

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
  const statuses = { ok: 0, windowExhausted: 0, priceLimit: 0, revert: 0 }
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
        // Our quote is 0n unless the whole input can be swapped inside the loaded tick window; the zeros
        // are checked too: each status must match what QuoterV2 does with the same amount.
        const { status, amountOut } = quoteExactInput(s, { zeroForOne: edge.tokenInIndex === 0, amountIn })
        const where = `seed ${seed} pool ${s.address} fee ${s.fee} in ${amountIn} (${status})`
        expect(ours, where).toBe(amountOut)
        // With no price limit, QuoterV2 runs the price to MIN_SQRT_RATIO+1 / MAX_SQRT_RATIO-1 when it fills partially.
        const limit = edge.tokenInIndex === 0 ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n
        const quoter = result === undefined ? 'revert' : result[1] === limit ? 'partial' : 'filled'
        statuses[status]++
        if (status === 'windowExhausted') {
          expect(ours, where).toBe(0n)
          // The quoter's swap ends outside the loaded window (or reverts/fills partially), never inside it.
          if (quoter === 'filled') {
            const after = getTickAtSqrtRatio(result![1])
            expect(after < s.tickWindow.lower + 256 * s.tickSpacing || after > s.tickWindow.upper - 256 * s.tickSpacing, `${where}: quoter ended at tick ${after}`).toBe(true)
          }
          continue
        }
        expect(quoter, where).toBe(status === 'ok' ? 'filled' : status === 'priceLimit' ? 'partial' : 'revert')
        if (status !== 'ok') {
          expect(ours, where).toBe(0n)
          continue
        }
        expect(ours, where).toBe(result![0])
        if (result![2] > 0) crossed++
      }
    }
  }
  expect(compared).toBeGreaterThan(150)
  expect(crossed).toBeGreaterThan(5)
  console.log(`uniswap-v3/load seed=${seed} statuses ${JSON.stringify(statuses)}`)
  expect(statuses.ok).toBeGreaterThan(100)
})
