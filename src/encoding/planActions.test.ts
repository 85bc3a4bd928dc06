import { type Address, getAddress, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { encodeLidoStep } from '../protocols/lido/encode.js'
import type { EncodeStepContext } from '../protocols/types.js'
import { functionCall } from './call.js'
import { nativeTokenAddress } from './legacyCalldata.js'
import { addBalanceOfSelf, addFeeTransfer, addForceApprove, addMinAmountOutCheck, addSweep, addTransfer } from './planActions.js'
import { Planner } from './planner.js'

const helpers = {
  balance: '0x00000000000000000000000000000000000000b1',
  math: '0x00000000000000000000000000000000000000b2',
  check: '0x00000000000000000000000000000000000000b3',
} as const satisfies Record<string, Address>
const self: Address = '0x00000000000000000000000000000000000000e0'
const receiver: Address = '0x00000000000000000000000000000000000000f1'
const token: Address = '0x1111111111111111111111111111111111111111'
const stETH: Address = '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84'
const wstETH: Address = '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0'
const weth: Address = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const context: EncodeStepContext = {
  self,
  helpers,
  contracts: { uniswapV2Router02: token, uniswapV3SwapRouter02: token, balancerVault: token },
  deadline: 0n,
}

/** `target label` of each command, to read what a plan does. */
const calls = (planner: Planner) => planner.commands.map((c) => `${c.call.target.toLowerCase()} ${c.call.label}`)

describe('addSweep', () => {
  test('an ordinary token: the executing contract\'s balance, read at execution time, is transferred', () => {
    const planner = new Planner()
    addSweep(planner, { helpers, token, receiver })
    expect(calls(planner)).toEqual([
      `${helpers.balance} balanceOfCaller(address)`,
      `${token} transfer(address,uint256)`,
    ])
  })

  test('a token whose encoder declared a sweep (stETH after a lido step) moves by shares: sharesOf(self), then transferShares', () => {
    const planner = new Planner()
    encodeLidoStep(planner, context, { primary: stETH, tokenIn: weth, tokenOut: stETH, data: { action: 'stake', stETH, wstETH }, amountIn: 10n ** 18n })
    const before = planner.commands.length
    // Any spelling of the address finds the declaration.
    addSweep(planner, { helpers, token: stETH.toLowerCase() as Address, receiver })
    const sweep = planner.commands.slice(before)
    expect(sweep.map((c) => `${c.call.target.toLowerCase()} ${c.call.label} ${c.call.callType}`)).toEqual([
      `${stETH.toLowerCase()} sharesOf(address) staticcall`,
      `${stETH.toLowerCase()} transferShares(address,uint256) call`,
    ])
    expect(sweep[0]!.call.args).toEqual([self])
    expect(sweep[1]!.call.args[0]).toBe(receiver)
    expect(sweep[1]!.call.args[1]).toBe(sweep[0]!.returnValue)
    expect(planner.tokensWithSweep).toEqual([stETH.toLowerCase()])
  })

  test('every lido step (stake, wrap, unwrap) declares the stETH sweep', () => {
    for (const action of ['stake', 'wrap', 'unwrap'] as const) {
      const planner = new Planner()
      encodeLidoStep(planner, context, { primary: stETH, tokenIn: token, tokenOut: token, data: { action, stETH, wstETH }, amountIn: 5n })
      expect(planner.sweepOf(stETH), action).toBeDefined()
    }
  })

  test('a callback subplan\'s declared sweeps pass to the plan that runs it', () => {
    const sub = new Planner()
    sub.setSweep(stETH, (p, to) => p.add(functionCall({ address: stETH, abi: parseAbi(['function transferShares(address, uint256) returns (uint256)']), functionName: 'transferShares', args: [to, 1n] })))
    const planner = new Planner()
    planner.addSubplan(functionCall({ address: token, abi: parseAbi(['function run(bytes32[] commands, bytes[] state) returns (bytes[])']), functionName: 'run', args: [sub, planner.state] }))
    expect(planner.sweepOf(stETH)).toBe(sub.sweepOf(stETH))
  })
})

describe('plan actions', () => {
  const native = nativeTokenAddress
  /** `target label callType` of each command. */
  const shape = (planner: Planner) => planner.commands.map((c) => `${c.call.target.toLowerCase()} ${c.call.label} ${c.call.callType}`)

  test('addTransfer: ERC20 transfer(receiver, amount); native (any case) a plain value call to the receiver', () => {
    const planner = new Planner()
    addTransfer(planner, { token, receiver, amount: 7n })
    addTransfer(planner, { token: native.toLowerCase() as Address, receiver, amount: 9n })
    expect(shape(planner)).toEqual([`${token} transfer(address,uint256) call`, `${receiver} raw call to ${getAddress(receiver)} valuecall`])
    expect(planner.commands[0]!.call.args).toEqual([receiver, 7n])
    expect(planner.commands[1]!.call.data).toBe('0x')
    expect(planner.commands[1]!.call.value).toBe(9n)
  })

  test('addBalanceOfSelf: a staticcall of balanceOfCaller(token) on the balance helper; its handle is the result', () => {
    const planner = new Planner()
    const balance = addBalanceOfSelf(planner, { helpers, token })
    expect(shape(planner)).toEqual([`${helpers.balance} balanceOfCaller(address) staticcall`])
    expect(planner.commands[0]!.call.args).toEqual([token])
    expect(balance).toBe(planner.commands[0]!.returnValue)
  })

  test('addSweep of native coin: balance read, then a value call carrying that balance; returns the balance', () => {
    const planner = new Planner()
    const swept = addSweep(planner, { helpers, token: native, receiver })
    expect(shape(planner)).toEqual([`${helpers.balance} balanceOfCaller(address) staticcall`, `${receiver} raw call to ${getAddress(receiver)} valuecall`])
    expect(planner.commands[1]!.call.value).toBe(swept)
    expect(swept).toBe(planner.commands[0]!.returnValue)
  })

  test('addFeeTransfer: fee = feeAmount(amount, bps), transferred to the fee receiver, then sub(amount, fee)', () => {
    const planner = new Planner()
    const feeReceiver: Address = '0x00000000000000000000000000000000000000fe'
    const { fee, amountAfterFee } = addFeeTransfer(planner, { helpers, token, amount: 1000n, feeBps: 25n, feeReceiver })
    expect(shape(planner)).toEqual([
      `${helpers.math} feeAmount(uint256,uint256) staticcall`,
      `${token} transfer(address,uint256) call`,
      `${helpers.math} sub(uint256,uint256) staticcall`,
    ])
    expect(planner.commands[0]!.call.args).toEqual([1000n, 25n])
    expect(fee).toBe(planner.commands[0]!.returnValue)
    expect(planner.commands[1]!.call.args).toEqual([feeReceiver, fee])
    expect(planner.commands[2]!.call.args).toEqual([1000n, fee])
    expect(amountAfterFee).toBe(planner.commands[2]!.returnValue)
  })

  test('addForceApprove: approve(spender, 0) then approve(spender, amount)', () => {
    const planner = new Planner()
    const spender: Address = '0x00000000000000000000000000000000000000a5'
    addForceApprove(planner, { token, spender, amount: 55n })
    expect(shape(planner)).toEqual([`${token} approve(address,uint256) call`, `${token} approve(address,uint256) call`])
    expect(planner.commands.map((c) => c.call.args)).toEqual([[spender, 0n], [spender, 55n]])
  })

  test('addMinAmountOutCheck: a staticcall of checkMinAmountOut(amount, min) on the check helper, returning the amount handle', () => {
    const planner = new Planner()
    const amount = addBalanceOfSelf(planner, { helpers, token })
    const checked = addMinAmountOutCheck(planner, { helpers, amount, minAmountOut: 3n })
    expect(shape(planner)[1]).toBe(`${helpers.check} checkMinAmountOut(uint256,uint256) staticcall`)
    expect(planner.commands[1]!.call.args).toEqual([amount, 3n])
    expect(checked).toBe(planner.commands[1]!.returnValue)
  })
})
