import { toFunctionSelector, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardUniswapV4HelperAbi } from '../../contracts/generated/abis.js'
import { Planner } from '../../encoding/planner.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'
import { encodeUniswapV4Step } from './encode.js'

const context: EncodeStepContext = {
  self: '0x00000000000000000000000000000000000e0ec0',
  helpers: {
    balance: '0x0000000000000000000000000000000000000ba1',
    math: '0x0000000000000000000000000000000000000ba7',
    check: '0x0000000000000000000000000000000000000c4c',
    uniswapV4: '0x00000000000000000000000000000000000000f4',
  },
  contracts: { uniswapV2Router02: '0x0000000000000000000000000000000000000002', uniswapV3SwapRouter02: '0x0000000000000000000000000000000000000003', balancerVault: '0x0000000000000000000000000000000000000b00' },
  deadline: 1n,
}
const weth: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const usdc: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
// ETH/USDC 0.05%: the native currency is paid as WETH.
const step: EncodeStepParameters = {
  primary: '0x21c67e77068de97969ba93d4aab21826d33ca12b',
  tokenIn: weth,
  tokenOut: usdc,
  data: { currency0: '0x0000000000000000000000000000000000000000', currency1: usdc.toLowerCase(), fee: 500, tickSpacing: 10, hooks: '0x0000000000000000000000000000000000000000', zeroForOne: true },
  amountIn: 10n ** 18n,
}

describe('encodeUniswapV4Step', () => {
  test('golden plan: force-approve the helper for exactly amountIn, then swapExactIn(key, zeroForOne, amountIn, 0)', () => {
    const planner = new Planner()
    encodeUniswapV4Step(planner, context, step)
    expect(toFunctionSelector(switchyardUniswapV4HelperAbi.find((x) => x.type === 'function' && x.name === 'swapExactIn')!)).toBe('0xdb739216')
    expect(planner.plan()).toEqual({
      commands: [
        '0x095ea7b3010001ffffffffffc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
        '0x095ea7b3010002ffffffffffc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
        '0xdb73921641000000000000ff00000000000000000000000000000000000000f4',
        '0xfc0103040501fb060201ffffffffffffffffffffffffffffffffffffffffffff',
      ],
      state: [
        '0x00000000000000000000000000000000000000000000000000000000000000f4',
        '0x0000000000000000000000000000000000000000000000000000000000000000',
        '0x0000000000000000000000000000000000000000000000000de0b6b3a7640000',
        '0x000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        '0x00000000000000000000000000000000000000000000000000000000000001f4',
        '0x000000000000000000000000000000000000000000000000000000000000000a',
        '0x0000000000000000000000000000000000000000000000000000000000000001',
      ],
    })
  })

  test('a chain without the V4 helper is a typed error, not a call to address zero', () => {
    const { uniswapV4: _, ...helpers } = context.helpers
    expect(() => encodeUniswapV4Step(new Planner(), { ...context, helpers }, step)).toThrowErrorMatchingInlineSnapshot(`
      [MissingHelperContractError: A uniswap-v4 step needs the SwitchyardUniswapV4Helper helper, which is not deployed on this chain.

      Was deploySwitchyardContracts given the chain's Uniswap V4 PoolManager?
      Loaders skip pools whose helper is missing; is the snapshot from another chain?]
    `)
  })
})
