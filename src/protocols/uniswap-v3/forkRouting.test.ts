import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { buildGraph } from '../../engine/graph/buildGraph.js'
import { createSearchContext } from '../../engine/search/searchContext.js'
import { findRoute } from '../../engine/tasks/findRoute.js'
import { NoRouteError } from '../../errors/engine.js'
import { protocolAdapters } from '../registry.js'
import { uniswapV3Forks } from './config.js'
import { quoteExactInput } from './quote.js'
import { poolFromRanges } from './testing/poolFromRanges.js'
import type { UniswapV3PoolSnapshot } from './types.js'

/**
 * The registered fork adapters in the engine: a SushiSwap V3 or PancakeSwap V3 pool is routed like a Uniswap V3
 * pool (its own slug on the step, its pool deployer in the step data), and `ignoreStandards` leaves out one fork.
 */

const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' as Address
const weth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2' as Address
const deployerOf = (slug: string) => uniswapV3Forks.find((f) => f.slug === slug)!.deployments[1]!.poolDeployer

/** A USDC/WETH pool around tick 196,250; `liquidity` sets its depth (deeper: better for a large trade). */
function pool(protocol: UniswapV3PoolSnapshot['protocol'], address: Address, liquidity: bigint, fee: number, spacing: number): UniswapV3PoolSnapshot {
  const state = poolFromRanges({ spacing, ranges: [{ lower: 195_000, upper: 197_500, liquidity }], tick: 196_250, offset: 0.5, fee })
  return { protocol, address, blockNumber: 1n, tokens: [usdc, weth], ...state, ...(protocol === 'uniswap-v3' ? {} : { poolDeployer: deployerOf(protocol) }) }
}
const uni = pool('uniswap-v3', '0x00000000000000000000000000000000000a0001', 10n ** 17n, 3000, 60)
const sushi = pool('sushiswap-v3', '0x00000000000000000000000000000000000a0002', 10n ** 18n, 3000, 60)
const pancake = pool('pancakeswap-v3', '0x00000000000000000000000000000000000a0003', 3n * 10n ** 17n, 2500, 50)
const context = createSearchContext(buildGraph({ adapters: protocolAdapters }, { version: 't', chainId: 1, blockNumber: 1n, pools: [uni, sushi, pancake] }))
const request = { tokensIn: [{ token: usdc, amount: 50_000n * 10n ** 6n }], tokensOut: [{ token: weth }], maxHops: 1, maxSplits: 1 }

describe('Uniswap V3 forks in the engine', () => {
  test('the deepest pool wins whichever fork it belongs to: its slug on the step, its pool deployer in the step data, the exact V3 quote', () => {
    const route = findRoute(context, request)
    const [step] = route.paths[0]!.steps
    expect(step).toMatchObject({ protocol: 'sushiswap-v3', primary: sushi.address, data: { fee: 3000, poolDeployer: deployerOf('sushiswap-v3') } })
    expect(step!.amountOut).toBe(quoteExactInput(sushi, { zeroForOne: true, amountIn: request.tokensIn[0]!.amount }).amountOut)
  })

  test('ignoreStandards leaves out one fork (then the next best, PancakeSwap V3 at 0.25 %), or all but Uniswap V3', () => {
    const withoutSushi = findRoute(context, { ...request, ignoreStandards: ['sushiswap-v3'] })
    expect(withoutSushi.paths[0]!.steps[0]).toMatchObject({ protocol: 'pancakeswap-v3', primary: pancake.address, data: { fee: 2500, poolDeployer: deployerOf('pancakeswap-v3') } })
    const uniswapOnly = findRoute(context, { ...request, ignoreStandards: ['sushiswap-v3', 'pancakeswap-v3'] })
    expect(uniswapOnly.paths[0]!.steps[0]).toMatchObject({ protocol: 'uniswap-v3', primary: uni.address, data: { fee: 3000 } })
    expect(() => findRoute(context, { ...request, ignoreStandards: ['sushiswap-v3', 'pancakeswap-v3', 'uniswap-v3'] })).toThrow(NoRouteError)
  })
})
