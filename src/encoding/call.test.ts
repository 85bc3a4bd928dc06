import { type Address, type Hex, erc20Abi, parseAbi, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidPlannerCallError } from '../errors/encoding.js'
import { Call, callSelector, functionCall, rawCall } from './call.js'
import { ReturnValue } from './value.js'

const lower: Address = '0xae7ab96520de3a18e5e111b5eaab095312d7fe84'
const checksummed: Address = '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84'
const overloaded = parseAbi([
  'function swap(address to, uint256 amount) returns (uint256)',
  'function swap(address to, uint256 amount, bytes data) returns (uint256)',
  'function swap(uint256 amount, address to) returns (uint256)',
  'function pay(uint256 amount) payable',
  'function take((uint256 a, bytes b)[] items, uint256[2] pair)',
  'event swap(uint256 amount)',
])

describe('functionCall', () => {
  test('picks the overload by argument count, or by full signature; the selector is the one solc computes', () => {
    const three = functionCall({ address: lower, abi: overloaded, functionName: 'swap', args: [lower, 1n, '0x'] })
    expect(three.label).toBe('swap(address,uint256,bytes)')
    expect(callSelector(three)).toBe(toFunctionSelector('swap(address,uint256,bytes)'))
    const bySignature = functionCall({ address: lower, abi: overloaded, functionName: 'swap(uint256,address)', args: [1n, lower] })
    expect(bySignature.abiFunction).toBe(overloaded[2])
    expect(callSelector(bySignature)).toBe(toFunctionSelector('swap(uint256,address)'))
    const tuples = functionCall({ address: lower, abi: overloaded, functionName: 'take', args: [[], [1n, 2n]] })
    expect(tuples.label).toBe('take((uint256,bytes)[],uint256[2])')
    expect(callSelector(tuples)).toBe(toFunctionSelector('take((uint256,bytes)[],uint256[2])'))
    expect(() => functionCall({ address: lower, abi: overloaded, functionName: 'swap', args: [lower, 1n] })).toThrowErrorMatchingInlineSnapshot(
      `[InvalidPlannerCallError: Cannot plan a call to swap: overloaded; pass the full signature.]`,
    )
    expect(() => functionCall({ address: lower, abi: overloaded, functionName: 'swap' })).toThrow('expected 2 arguments, got 0')
    // The event of the same name is not a candidate.
    expect(() => functionCall({ address: lower, abi: overloaded, functionName: 'swap', args: [1n] })).toThrow('expected 2 arguments, got 1')
  })

  test('a fresh call: checksummed target, CALL, no value, no raw return, args as given (none by default)', () => {
    const args = [lower, 5n] as const
    const call = functionCall({ address: lower, abi: erc20Abi, functionName: 'transfer', args })
    expect(call).toBeInstanceOf(Call)
    expect(call.target).toBe(checksummed)
    expect(call.args).toBe(args)
    expect({ callType: call.callType, value: call.value, rawReturn: call.rawReturn, data: call.data }).toEqual({ callType: 'call', value: undefined, rawReturn: false, data: undefined })
    expect(Object.isFrozen(call)).toBe(true)
    expect(functionCall({ address: lower, abi: erc20Abi, functionName: 'totalSupply' }).args).toEqual([])
  })

  test('withValue, staticcall and rawValue return new calls and leave the original unchanged', () => {
    const pay = functionCall({ address: lower, abi: overloaded, functionName: 'pay', args: [1n] })
    const paid = pay.withValue(0n)
    expect(paid).not.toBe(pay)
    expect({ callType: paid.callType, value: paid.value }).toEqual({ callType: 'valuecall', value: 0n })
    expect({ callType: pay.callType, value: pay.value }).toEqual({ callType: 'call', value: undefined })
    expect({ target: paid.target, abiFunction: paid.abiFunction, args: paid.args, rawReturn: paid.rawReturn, data: paid.data }).toEqual({
      target: pay.target,
      abiFunction: pay.abiFunction,
      args: pay.args,
      rawReturn: false,
      data: undefined,
    })
    const handle = new ReturnValue({ type: 'uint256' }, {})
    expect(pay.withValue(handle).value).toBe(handle)
    expect(() => pay.withValue(-1n)).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to pay(uint256): value is negative.]`)
    expect(() => paid.staticcall()).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to pay(uint256): a value call cannot be a staticcall.]`)

    const raw = paid.rawValue()
    expect({ rawReturn: raw.rawReturn, callType: raw.callType, value: raw.value }).toEqual({ rawReturn: true, callType: 'valuecall', value: 0n })
    expect(paid.rawReturn).toBe(false)
    const view = pay.staticcall()
    expect(view.callType).toBe('staticcall')
    expect(view.staticcall().callType).toBe('staticcall')
    expect(view.rawValue().callType).toBe('staticcall')
    expect(pay.callType).toBe('call')
  })
})

describe('rawCall', () => {
  test('keeps the calldata verbatim; label and selector field of a raw call', () => {
    const call = rawCall({ address: lower, data: '0xABCDEF' })
    expect(call.data).toBe('0xABCDEF')
    expect(call.target).toBe(checksummed)
    expect(call.abiFunction).toBeUndefined()
    expect(call.args).toEqual([])
    expect(call.label).toBe(`raw call to ${checksummed}`)
    expect(callSelector(call)).toBe('0x00000000')
    expect({ callType: call.callType, value: call.value, rawReturn: call.rawReturn }).toEqual({ callType: 'call', value: undefined, rawReturn: false })
    // No ABI: any raw call may carry value.
    expect(rawCall({ address: lower, data: '0x' }).withValue(3n).value).toBe(3n)
  })

  test('refuses calldata that is not whole 0x-prefixed bytes', () => {
    for (const data of ['0xabc', 'abcd', '0xzz', '0x0'] as Hex[]) {
      expect(() => rawCall({ address: lower, data }), data).toThrow(InvalidPlannerCallError)
    }
    expect(() => rawCall({ address: lower, data: '0xabc' })).toThrow(`Cannot plan a call to raw call to ${lower}: data must be 0x-prefixed whole bytes.`)
  })
})
