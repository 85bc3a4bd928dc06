import { type Address, decodeFunctionData, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardExecutorAbi, switchyardLegacyRouterAbi, switchyardRouterAbi, switchyardSmartWalletAbi } from '../contracts/abis.js'
import { encodeDelegateShortcut, encodeSmartWalletExecute } from './delegateCalldata.js'
import { encodeLegacyExecuteShortcut, encodeLegacyRouteSingle, encodeLegacySafeRouteSingle, nativeTokenAddress } from './legacyCalldata.js'
import { encodeExecuteShortcut, encodeRouteMulti, encodeRouteSingle, encodeSafeRouteMulti, encodeSafeRouteSingle } from './routerCalldata.js'

const token: Address = '0x1111111111111111111111111111111111111111'
const receiver: Address = '0x3333333333333333333333333333333333333333'
const shortcut = {
  accountId: `0x${'0a'.repeat(32)}`,
  requestId: `0x${'0b'.repeat(32)}`,
  commands: ['0x095ea7b3010001ffffffffff1111111111111111111111111111111111111111'],
  state: ['0x0000000000000000000000002222222222222222222222222222222222222222'],
} as const

describe('router calldata', () => {
  test('selectors match the reference router', () => {
    expect(encodeRouteSingle({ tokenIn: { type: 'erc20', address: token, amount: 1n }, shortcut }).data.slice(0, 10)).toBe('0xb94c3609')
    expect(encodeRouteMulti({ tokensIn: [], shortcut }).data.slice(0, 10)).toBe('0xf52e33f5')
    expect(encodeSafeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, tokenOut: { type: 'native', minAmountOut: 0n }, receiver, shortcut }).data.slice(0, 10)).toBe('0x21025a06')
    expect(encodeSafeRouteMulti({ tokensIn: [], tokensOut: [], receiver, shortcut }).data.slice(0, 10)).toBe('0xf35cae90')
    expect(encodeExecuteShortcut(shortcut).slice(0, 10)).toBe('0x95352c9f')
    expect(toFunctionSelector('executeShortcut(bytes32,bytes32,bytes32[],bytes[])')).toBe('0x95352c9f')
  })

  test('golden routeSingle: ERC20 token data = abi.encode(token, amount), data = executeShortcut calldata', () => {
    const { data, value } = encodeRouteSingle({ tokenIn: { type: 'erc20', address: token, amount: 1000n }, shortcut })
    expect(value).toBe(0n)
    expect(data).toMatchInlineSnapshot(`"0xb94c3609000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000000e0000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000040000000000000000000000000111111111111111111111111111111111111111100000000000000000000000000000000000000000000000000000000000003e8000000000000000000000000000000000000000000000000000000000000014495352c9f0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b000000000000000000000000000000000000000000000000000000000000008000000000000000000000000000000000000000000000000000000000000000c00000000000000000000000000000000000000000000000000000000000000001095ea7b3010001ffffffffff1111111111111111111111111111111111111111000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000020000000000000000000000000222222222222222222222222222222222222222200000000000000000000000000000000000000000000000000000000"`)
    const decoded = decodeFunctionData({ abi: switchyardRouterAbi, data })
    expect(decoded.args[0]).toEqual({ tokenType: 1, data: `0x${token.slice(2).padStart(64, '0')}${(1000).toString(16).padStart(64, '0')}` })
    expect(decodeFunctionData({ abi: switchyardExecutorAbi, data: decoded.args[1] as `0x${string}` }).args).toEqual([shortcut.accountId, shortcut.requestId, shortcut.commands, shortcut.state])
  })

  test('native input: value = amount, token data = abi.encode(amount); native output data = abi.encode(min)', () => {
    const tx = encodeSafeRouteMulti({
      tokensIn: [{ type: 'native', amount: 5n }, { type: 'erc20', address: token, amount: 7n }],
      tokensOut: [{ type: 'native', minAmountOut: 3n }],
      receiver,
      shortcut,
    })
    expect(tx.value).toBe(5n)
    const args = decodeFunctionData({ abi: switchyardRouterAbi, data: tx.data }).args
    expect(args[0]).toEqual([{ tokenType: 0, data: `0x${'5'.padStart(64, '0')}` }, { tokenType: 1, data: `0x${token.slice(2).padStart(64, '0')}${'7'.padStart(64, '0')}` }])
    expect(args[1]).toEqual([{ tokenType: 0, data: `0x${'3'.padStart(64, '0')}` }])
  })

  test('zero amounts and two native inputs are refused before they reach the chain', () => {
    expect(() => encodeRouteSingle({ tokenIn: { type: 'erc20', address: token, amount: 0n }, shortcut })).toThrowErrorMatchingInlineSnapshot(`[InvalidRouteTokensError: Invalid route tokens: input amounts must be positive.]`)
    expect(() => encodeRouteMulti({ tokensIn: [{ type: 'native', amount: 1n }, { type: 'native', amount: 2n }], shortcut })).toThrow(/at most one native/)
  })
})

describe('delegate and legacy calldata', () => {
  test('delegate = executeShortcut; wallet execute wraps it', () => {
    expect(encodeDelegateShortcut(shortcut)).toBe(encodeExecuteShortcut(shortcut))
    const wrapped = decodeFunctionData({ abi: switchyardSmartWalletAbi, data: encodeSmartWalletExecute({ delegate: token, shortcut }) })
    expect(wrapped.args).toEqual([token, encodeExecuteShortcut(shortcut)])
  })

  test('legacy routeSingle / safeRouteSingle / executeShortcut', () => {
    const plan = { commands: shortcut.commands, state: shortcut.state }
    const native = encodeLegacyRouteSingle({ tokenIn: nativeTokenAddress, amountIn: 9n, ...plan })
    expect(native.value).toBe(9n)
    expect(decodeFunctionData({ abi: switchyardLegacyRouterAbi, data: native.data }).functionName).toBe('routeSingle')
    const safe = encodeLegacySafeRouteSingle({ tokenIn: token, tokenOut: nativeTokenAddress, amountIn: 9n, minAmountOut: 1n, receiver, ...plan })
    expect(safe.value).toBe(0n)
    expect(safe.data.slice(0, 10)).toBe(toFunctionSelector('safeRouteSingle(address,address,uint256,uint256,address,bytes32[],bytes[])'))
    expect(encodeLegacyExecuteShortcut(plan).slice(0, 10)).toBe(toFunctionSelector('executeShortcut(bytes32[],bytes[])'))
  })
})
