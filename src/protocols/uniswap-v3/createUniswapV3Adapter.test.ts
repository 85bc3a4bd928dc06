import { parseAbi, toFunctionSelector, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { Planner } from '../../encoding/planner.js'
import { InvalidPlannerCallError, MissingHelperContractError } from '../../errors/encoding.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'
import { uniswapV3Forks } from './config.js'
import { createUniswapV3Adapter } from './createUniswapV3Adapter.js'
import { uniswapV3Adapter, uniswapV3ForkAdapters } from './index.js'
import { quoteExactInput } from './quote.js'
import { poolFromRanges } from './testing/poolFromRanges.js'
import type { UniswapV3PoolSnapshot } from './types.js'

const helper: Address = '0x00000000000000000000000000000000000000f3'
const swapRouter02: Address = '0x0000000000000000000000000000000000000003'
const context: EncodeStepContext = {
  self: '0x00000000000000000000000000000000000e0ec0',
  helpers: { balance: '0x0000000000000000000000000000000000000ba1', math: '0x0000000000000000000000000000000000000ba7', check: '0x0000000000000000000000000000000000000c4c', uniswapV3Forks: helper },
  contracts: { uniswapV2Router02: '0x0000000000000000000000000000000000000002', uniswapV3SwapRouter02: swapRouter02, balancerVault: '0x0000000000000000000000000000000000000b00' },
  deadline: 1n,
}
const usdc: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const weth: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const pancake = uniswapV3Forks.find((f) => f.slug === 'pancakeswap-v3')!
const pancakeDeployer = pancake.deployments[1].poolDeployer

function snapshotOf(protocol: UniswapV3PoolSnapshot['protocol'], poolDeployer?: Address): UniswapV3PoolSnapshot {
  const state = poolFromRanges({ spacing: 50, ranges: [{ lower: 196_000, upper: 196_500, liquidity: 10n ** 17n }], tick: 196_250, offset: 0.4, fee: 2500 })
  return { protocol, address: '0x00000000000000000000000000000000000000aa', blockNumber: 1n, tokens: [usdc.toLowerCase() as Address, weth.toLowerCase() as Address], ...state, ...(poolDeployer ? { poolDeployer } : {}) }
}
const step = (data: EncodeStepParameters['data']): EncodeStepParameters => ({ primary: '0x00000000000000000000000000000000000000aa', tokenIn: usdc, tokenOut: weth, data, amountIn: 10n ** 9n })
const swapExactIn = toFunctionSelector(parseAbi(['function swapExactIn(address deployer, address tokenIn, address tokenOut, uint24 fee, uint256 amountIn, uint256 amountOutMin) returns (uint256)'])[0])
const exactInputSingle = '0x04e45aaf'
/** Selector and target of each of a plan's commands (weiroll: selector, flags, 6 argument slots, output slot, target). */
const calls = (commands: readonly string[]) => commands.map((c) => ({ selector: c.slice(0, 10), target: `0x${c.slice(-40)}` }))

describe('createUniswapV3Adapter: one adapter per row of the fork table', () => {
  test('every row is an adapter with its own slug and standard (ignoreStandards can leave out one fork), the same quote', () => {
    const adapters = [uniswapV3Adapter, ...uniswapV3ForkAdapters]
    expect(adapters.map((a) => a.slug)).toEqual(uniswapV3Forks.map((f) => f.slug))
    for (const adapter of adapters) {
      expect(adapter.standard).toBe(adapter.slug)
      const snapshot = snapshotOf(adapter.slug as UniswapV3PoolSnapshot['protocol'], pancakeDeployer)
      for (const amountIn of [10n ** 6n, 10n ** 9n, 10n ** 12n]) {
        const edge = adapter.getEdges(snapshot)[0]!
        expect(adapter.quote(snapshot, { edge, amountIn })).toBe(quoteExactInput(snapshot, { zeroForOne: true, amountIn }).amountOut)
      }
    }
  })

  test('uniswap-v3 keeps SwapRouter02 and its step data; a fork row swaps through the fork helper with its pool deployer', () => {
    const uni = uniswapV3Adapter.getStepData(snapshotOf('uniswap-v3'), uniswapV3Adapter.getEdges(snapshotOf('uniswap-v3'))[0]!)
    expect(uni).toEqual({ fee: 2500 })
    const p1 = new Planner()
    uniswapV3Adapter.encode!(p1, context, step(uni))
    expect(calls(p1.plan().commands)).toContainEqual({ selector: exactInputSingle, target: swapRouter02 })

    const adapter = createUniswapV3Adapter(pancake)
    const data = adapter.getStepData(snapshotOf('pancakeswap-v3', pancakeDeployer), adapter.getEdges(snapshotOf('pancakeswap-v3'))[0]!)
    expect(data).toEqual({ fee: 2500, poolDeployer: pancakeDeployer })
    const p2 = new Planner()
    adapter.encode!(p2, context, step(data))
    const { commands, state } = p2.plan()
    // approve(helper, 0), approve(helper, amountIn) on USDC, then helper.swapExactIn(deployer, USDC, WETH, 2500, amountIn, 0)
    expect(calls(commands).slice(0, 3)).toEqual([
      { selector: '0x095ea7b3', target: usdc.toLowerCase() },
      { selector: '0x095ea7b3', target: usdc.toLowerCase() },
      { selector: swapExactIn, target: helper },
    ])
    expect(calls(commands).filter((c) => c.target === swapRouter02)).toEqual([])
    expect(state).toContain(`0x${pancakeDeployer.slice(2).toLowerCase().padStart(64, '0')}`)
    expect(state).toContain(`0x${(2500).toString(16).padStart(64, '0')}`)
  })

  test('a fork hop without the helper on the chain, or without its pool deployer, is a typed error', () => {
    const adapter = createUniswapV3Adapter(pancake)
    const { uniswapV3Forks: _, ...helpers } = context.helpers
    expect(() => adapter.encode!(new Planner(), { ...context, helpers }, step({ fee: 2500, poolDeployer: pancakeDeployer }))).toThrow(MissingHelperContractError)
    expect(() => adapter.encode!(new Planner(), context, step({ fee: 2500 }))).toThrow(InvalidPlannerCallError)
  })
})
