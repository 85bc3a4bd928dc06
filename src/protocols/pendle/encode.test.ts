import { erc20Abi, toFunctionSelector, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardBalanceHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { Planner } from '../../encoding/planner.js'
import type { EncodeStepContext } from '../types.js'
import { encodePendleStep, pendleWriteAbi } from './encode.js'

const context: EncodeStepContext = {
  self: '0x00000000000000000000000000000000000e0ec0',
  helpers: { balance: '0x0000000000000000000000000000000000000ba1', math: '0x0000000000000000000000000000000000000ba7', check: '0x0000000000000000000000000000000000000c4c' },
  contracts: { uniswapV2Router02: '0x0000000000000000000000000000000000000002', uniswapV3SwapRouter02: '0x0000000000000000000000000000000000000003', balancerVault: '0x0000000000000000000000000000000000000b00' },
  deadline: 1n,
}
const usdc: Address = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const sy: Address = '0x00000000000000000000000000000000000005e1'
const pt: Address = '0x00000000000000000000000000000000000005e2'
const market: Address = '0x00000000000000000000000000000000000005e3'
const data = { sy, pt, market, ptFromSwap: '400', syForSwap: '380', quotedSyIn: '1000' }

const selector = (abi: readonly unknown[], name: string) => toFunctionSelector((abi as { type: string; name: string }[]).find((x) => x.type === 'function' && x.name === name) as never)
const names = new Map<string, string>([
  [selector(pendleWriteAbi, 'deposit'), 'deposit'],
  [selector(pendleWriteAbi, 'swapSyForExactPt'), 'swapSyForExactPt'],
  [selector(pendleWriteAbi, 'mint'), 'mint'],
  [selector(erc20Abi, 'transfer'), 'transfer'],
  [selector(erc20Abi, 'approve'), 'approve'],
  [selector(switchyardBalanceHelperAbi, 'balanceOfCaller'), 'balanceOf'],
  [selector(switchyardMathHelperAbi, 'sub'), 'sub'],
])
/** Each command as `name@target`: the selector (first 4 bytes) and the called address (last 20). */
const calls = (commands: readonly Hex[]) => commands.map((c) => `${names.get(c.slice(0, 10)) ?? c.slice(0, 10)}@${`0x${c.slice(-40)}`}`)
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`

describe('encodePendleStep into the LP token', () => {
  test('SY → LP of a constant: all the SY to the market, the quoted PT bought for the market, mint with the rest, the LP a balance change', () => {
    const planner = new Planner()
    encodePendleStep(planner, context, { primary: market, tokenIn: sy, tokenOut: market, amountIn: 1_000n, data: { kind: 'addLp', ...data } })
    const plan = planner.plan()
    const b = context.helpers.balance
    const m = context.helpers.math
    expect(calls(plan.commands)).toEqual([`balanceOf@${b}`, `transfer@${sy}`, `swapSyForExactPt@${market}`, `mint@${market}`, `balanceOf@${b}`, `sub@${m}`])
    // The PT bought (400, paid to the market itself) and the SY offered to mint (1000 - 380 = 620) are constants.
    expect(plan.state).toContain(word(400n))
    expect(plan.state).toContain(word(620n))
    expect(plan.state).toContain(word(BigInt(market)))
  })

  test('asset → LP: the SY deposit first, the SY offered to mint its output less the swap\'s cost (sub at run time)', () => {
    const planner = new Planner()
    encodePendleStep(planner, context, { primary: market, tokenIn: usdc, tokenOut: market, amountIn: 1_000n, data: { kind: 'assetToLp', ...data } })
    const m = context.helpers.math
    expect(calls(planner.plan().commands).filter((c) => !c.startsWith('0x')).slice(-7)).toEqual([`sub@${m}`, `balanceOf@${context.helpers.balance}`, `transfer@${sy}`, `swapSyForExactPt@${market}`, `mint@${market}`, `balanceOf@${context.helpers.balance}`, `sub@${m}`])
  })

  test('a step into LP without the split the engine quoted is a typed error', () => {
    expect(() => encodePendleStep(new Planner(), context, { primary: market, tokenIn: sy, tokenOut: market, amountIn: 1_000n, data: { kind: 'addLp', sy, pt, market } }))
      .toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to mint: a Pendle LP deposit step needs the split the engine quoted (ptFromSwap, syForSwap, quotedSyIn).]`)
  })
})
