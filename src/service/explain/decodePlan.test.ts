import { encodeFunctionData, erc20Abi, getAddress, parseAbi, type Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardBalanceHelperAbi } from '../../contracts/generated/abis.js'
import { functionCall, rawCall } from '../../encoding/call.js'
import { Planner } from '../../encoding/planner.js'
import { decodePlan } from './decodePlan.js'

const token = getAddress('0x00000000000000000000000000000000000a0001')
const other = getAddress('0x00000000000000000000000000000000000a0002')
const helper = getAddress('0x00000000000000000000000000000000000b0001')
const router = getAddress('0x00000000000000000000000000000000000c0001')
const weth = getAddress('0x00000000000000000000000000000000000d0001')
const receiver: Address = getAddress('0x00000000000000000000000000000000000e0001')
const v2Router = parseAbi(['function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)'])
const v3Router = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
])
const wethAbi = parseAbi(['function deposit() payable'])

describe('decodePlan: a plan read back from its commands and state', () => {
  const planner = new Planner()
  const held = planner.add(functionCall({ address: helper, abi: switchyardBalanceHelperAbi, functionName: 'balanceOf', args: [token, receiver] }).staticcall())
  planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [router, held] }))
  planner.add(functionCall({ address: router, abi: v2Router, functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens', args: [held, 7n, [token, other], receiver, 1_700_000_000n] }))
  planner.add(functionCall({
    address: router, abi: v3Router, functionName: 'exactInputSingle',
    args: [{ tokenIn: token, tokenOut: other, fee: 3000, recipient: receiver, amountIn: 5n, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
  }))
  planner.add(functionCall({ address: weth, abi: wethAbi, functionName: 'deposit' }).withValue(held))
  planner.add(rawCall({ address: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, 42n] }) }))
  const { commands, state } = planner.plan()
  const plan = decodePlan({ commands, state })

  test('targets, signatures, call types, in plan order', () => {
    expect(plan.map((c) => [c.index, c.target, c.function, c.callType])).toEqual([
      [0, helper, 'balanceOf(address,address)', 'staticcall'],
      [1, token, 'approve(address,uint256)', 'call'],
      [2, router, 'swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)', 'call'],
      [3, router, 'exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))', 'call'],
      [4, weth, 'deposit()', 'valuecall'],
      [5, token, 'raw call: transfer(address,uint256)', 'call'],
    ])
  })

  test('arguments: literals decoded from their slots (static, dynamic, tuples), computed ones name the command that writes them', () => {
    expect(plan[0]!.args.map((a) => a.value)).toEqual([token, receiver])
    expect(plan[0]!.writes).not.toBeNull()
    const slot = plan[0]!.writes!
    expect(plan[1]!.args).toEqual([
      { type: 'address', name: 'spender', slot: plan[1]!.reads[0], value: router },
      { type: 'uint256', name: 'amount', slot, value: null, fromCommand: 0 },
    ])
    expect(plan[1]!.reads).toContain(slot)
    expect(plan[1]!.writes).toBeNull()
    const swap = plan[2]!.args
    expect(swap.map((a) => a.name)).toEqual(['amountIn', 'amountOutMin', 'path', 'to', 'deadline'])
    expect(swap[0]).toMatchObject({ value: null, fromCommand: 0 })
    expect(swap[1]!.value).toBe('7')
    expect(swap[2]).toMatchObject({ type: 'address[]', value: [token, other] })
    expect(swap[4]!.value).toBe('1700000000')
    expect(plan[3]!.args[0]).toMatchObject({ type: '(address,address,uint24,address,uint256,uint256,uint160)', value: [token, other, '3000', receiver, '5', '0', '0'] })
    expect(plan[4]!.args).toEqual([{ type: 'uint256', name: 'value', slot, value: null, fromCommand: 0 }])
    expect(plan[5]!.args.slice(1)).toEqual([{ type: 'address', name: 'recipient', value: receiver }, { type: 'uint256', name: 'amount', value: '42' }])
    expect(plan[5]!.args[0]).toMatchObject({ type: 'bytes', name: 'data' })
  })

  test('an unknown selector is named by itself, its words left raw', () => {
    const p = new Planner()
    p.add(functionCall({ address: token, abi: parseAbi(['function mystery(uint256 x)']), functionName: 'mystery', args: [9n] }))
    const [command] = decodePlan({ ...p.plan(), functions: new Map() })
    expect(command!.function).toMatch(/^0x[0-9a-f]{8}$/)
    expect(command!.args).toEqual([{ type: 'bytes32', slot: 0, value: `0x${'0'.repeat(63)}9` }])
  })
})
