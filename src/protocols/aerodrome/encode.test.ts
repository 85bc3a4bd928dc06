import { erc20Abi, toFunctionSelector, type Address, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardBalanceHelperAbi, switchyardMathHelperAbi } from '../../contracts/generated/abis.js'
import { Planner } from '../../encoding/planner.js'
import type { EncodeStepContext, EncodeStepParameters } from '../types.js'
import { aerodromePoolSwapAbi, encodeAerodromeStep } from './encode.js'

const context: EncodeStepContext = {
  self: '0x00000000000000000000000000000000000e0ec0',
  helpers: { balance: '0x0000000000000000000000000000000000000ba1', math: '0x0000000000000000000000000000000000000ba7', check: '0x0000000000000000000000000000000000000c4c' },
  contracts: { uniswapV2Router02: '0x0000000000000000000000000000000000000002', uniswapV3SwapRouter02: '0x0000000000000000000000000000000000000003', balancerVault: '0x0000000000000000000000000000000000000b00' },
  deadline: 1n,
}
const weth: Address = '0x4200000000000000000000000000000000000006'
const usdc: Address = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const pool: Address = '0xcdac0d6c6c59727a65f871236188350531885c43'

const selector = (abi: readonly unknown[], name: string) => toFunctionSelector((abi as { type: string; name: string }[]).find((x) => x.type === 'function' && x.name === name) as never)
const names = new Map<string, string>([
  [selector(aerodromePoolSwapAbi, 'getAmountOut'), 'getAmountOut'],
  [selector(aerodromePoolSwapAbi, 'swap'), 'swap'],
  [selector(aerodromePoolSwapAbi, 'mint'), 'mint'],
  [selector(aerodromePoolSwapAbi, 'burn'), 'burn'],
  [selector(erc20Abi, 'transfer'), 'transfer'],
  [selector(switchyardBalanceHelperAbi, 'balanceOfCaller'), 'balanceOf'],
  [selector(switchyardMathHelperAbi, 'sub'), 'sub'],
  [selector(switchyardMathHelperAbi, 'mulDiv'), 'mulDiv'],
])
/** Each command as `name@target`: the selector (first 4 bytes) and the called address (last 20). */
const calls = (commands: readonly Hex[]) => commands.map((c) => `${names.get(c.slice(0, 10)) ?? c.slice(0, 10)}@${`0x${c.slice(-40)}`}`)

describe('encodeAerodromeStep', () => {
  test('a deposit of a constant: the quoted split swapped on the pool, the rest and the output sent to it, mint to the executor', () => {
    const planner = new Planner()
    const step: EncodeStepParameters = { primary: pool, tokenIn: usdc, tokenOut: pool, amountIn: 1_000n, data: { kind: 'deposit', zeroForOne: false, otherToken: weth, swapAmount: '499', quotedAmountIn: '1000' } }
    encodeAerodromeStep(planner, context, step)
    const plan = planner.plan()
    expect(calls(plan.commands)).toEqual([`getAmountOut@${pool}`, `transfer@${usdc}`, `swap@${pool}`, `transfer@${usdc}`, `transfer@${weth}`, `mint@${pool}`])
    // The split and the rest are constants: 499 swapped, 501 sent to mint.
    expect(plan.state).toContain('0x00000000000000000000000000000000000000000000000000000000000001f3')
    expect(plan.state).toContain('0x00000000000000000000000000000000000000000000000000000000000001f5')
  })

  test("a deposit of an earlier step's output scales the quoted split by mulDiv", () => {
    const planner = new Planner()
    const earlier = encodeAerodromeStep(planner, context, { primary: pool, tokenIn: weth, tokenOut: usdc, amountIn: 10n ** 18n, data: { zeroForOne: true } })
    encodeAerodromeStep(planner, context, { primary: pool, tokenIn: usdc, tokenOut: pool, amountIn: earlier, data: { kind: 'deposit', zeroForOne: false, otherToken: weth, swapAmount: '499', quotedAmountIn: '1000' } })
    expect(calls(planner.plan().commands).slice(6)).toEqual([`mulDiv@${context.helpers.math}`, `sub@${context.helpers.math}`, `getAmountOut@${pool}`, `transfer@${usdc}`, `swap@${pool}`, `transfer@${usdc}`, `transfer@${weth}`, `mint@${pool}`])
  })

  test('a redemption: the LP sent to the pool and burned, the other side (its balance change) swapped in the pool, the output a balance change', () => {
    const planner = new Planner()
    encodeAerodromeStep(planner, context, { primary: pool, tokenIn: pool, tokenOut: usdc, amountIn: 10n ** 15n, data: { kind: 'redeem', zeroForOne: true, otherToken: weth } })
    const b = context.helpers.balance
    const m = context.helpers.math
    expect(calls(planner.plan().commands)).toEqual([`balanceOf@${b}`, `balanceOf@${b}`, `transfer@${pool}`, `burn@${pool}`, `balanceOf@${b}`, `sub@${m}`, `getAmountOut@${pool}`, `transfer@${weth}`, `swap@${pool}`, `balanceOf@${b}`, `sub@${m}`])
  })

  test('a deposit step without the split the engine quoted is a typed error', () => {
    expect(() => encodeAerodromeStep(new Planner(), context, { primary: pool, tokenIn: usdc, tokenOut: pool, amountIn: 1_000n, data: { kind: 'deposit', zeroForOne: false, otherToken: weth } })).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to mint: an Aerodrome deposit step needs the split the engine quoted (swapAmount, quotedAmountIn).]`)
  })
})
