import fc from 'fast-check'
import { type Address, type Hex, decodeFunctionData, encodeAbiParameters, getAddress, toFunctionSelector, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  switchyardDelegateAbi,
  switchyardExecutorAbi,
  switchyardLegacyDelegateAbi,
  switchyardLegacyRouterAbi,
  switchyardRouterAbi,
  switchyardSmartWalletAbi,
} from '../contracts/generated/abis.js'
import { InvalidRouteTokensError } from '../errors/encoding.js'
import { encodeDelegateShortcut, encodeSmartWalletExecute } from './delegateCalldata.js'
import { encodeLegacyExecuteShortcut, encodeLegacyRouteSingle, encodeLegacySafeRouteSingle, nativeTokenAddress } from './legacyCalldata.js'
import {
  type RouteTokenIn,
  type RouteTokenOut,
  type ShortcutParameters,
  encodeExecuteShortcut,
  encodeRouteMulti,
  encodeRouteSingle,
  encodeSafeRouteMulti,
  encodeSafeRouteSingle,
  toRouterTokenIn,
  toRouterTokenOut,
  tokenType,
} from './routerCalldata.js'

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

describe('router calldata decoded field by field (fast-check)', () => {
  const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)))
  const amount = fc.bigInt({ min: 1n, max: 2n ** 256n - 1n })
  const tokenIn: fc.Arbitrary<RouteTokenIn> = fc.oneof(
    amount.map((a) => ({ type: 'native' as const, amount: a })),
    fc.tuple(address, amount).map(([addr, a]) => ({ type: 'erc20' as const, address: addr.toLowerCase() as Address, amount: a })),
  )
  const tokenOut: fc.Arbitrary<RouteTokenOut> = fc.oneof(
    fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((m) => ({ type: 'native' as const, minAmountOut: m })),
    fc.tuple(address, fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })).map(([addr, m]) => ({ type: 'erc20' as const, address: addr, minAmountOut: m })),
  )
  const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b))
  const shortcutArb = fc.record({
    accountId: bytes32,
    requestId: bytes32,
    commands: fc.array(bytes32, { maxLength: 3 }),
    state: fc.array(fc.uint8Array({ maxLength: 70 }).map((b) => toHex(b)), { maxLength: 3 }),
  })
  /** What the router decodes from a Token: type id and the abi-encoded fields. */
  const expectIn = (t: RouteTokenIn) =>
    t.type === 'native'
      ? { tokenType: 0, data: encodeAbiParameters([{ type: 'uint256' }], [t.amount]) }
      : { tokenType: 1, data: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [t.address, t.amount]) }
  const expectOut = (t: RouteTokenOut) =>
    t.type === 'native'
      ? { tokenType: 0, data: encodeAbiParameters([{ type: 'uint256' }], [t.minAmountOut]) }
      : { tokenType: 1, data: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [t.address, t.minAmountOut]) }
  const nativeOf = (ts: readonly RouteTokenIn[]) => ts.reduce((v, t) => (t.type === 'native' ? v + t.amount : v), 0n)
  const checkShortcut = (data: unknown, s: ShortcutParameters) => {
    const decoded = decodeFunctionData({ abi: switchyardExecutorAbi, data: data as Hex })
    expect(decoded.functionName).toBe('executeShortcut')
    expect(decoded.args).toEqual([s.accountId, s.requestId, s.commands, s.state])
  }

  test('routeSingle / safeRouteSingle: token structs, receiver, inner executeShortcut, msg.value', () => {
    fc.assert(
      fc.property(tokenIn, tokenOut, address, shortcutArb, (tIn, tOut, receiver, s) => {
        const single = encodeRouteSingle({ tokenIn: tIn, shortcut: s })
        const a = decodeFunctionData({ abi: switchyardRouterAbi, data: single.data })
        expect(a.functionName).toBe('routeSingle')
        expect(a.args[0]).toEqual(expectIn(tIn))
        checkShortcut(a.args[1], s)
        expect(single.value).toBe(nativeOf([tIn]))

        const safe = encodeSafeRouteSingle({ tokenIn: tIn, tokenOut: tOut, receiver: receiver.toLowerCase() as Address, shortcut: s })
        const b = decodeFunctionData({ abi: switchyardRouterAbi, data: safe.data })
        expect(b.functionName).toBe('safeRouteSingle')
        expect(b.args.slice(0, 3)).toEqual([expectIn(tIn), expectOut(tOut), receiver])
        checkShortcut(b.args[3], s)
        expect(safe.value).toBe(nativeOf([tIn]))
      }),
      { numRuns: 60 },
    )
  })

  test('routeMulti / safeRouteMulti: every token in order, value = the one native amount', () => {
    fc.assert(
      fc.property(fc.array(tokenIn, { maxLength: 4 }), fc.array(tokenOut, { maxLength: 3 }), address, shortcutArb, (tsIn, tsOut, receiver, s) => {
        const natives = tsIn.filter((t) => t.type === 'native').length
        if (natives > 1) {
          expect(() => encodeRouteMulti({ tokensIn: tsIn, shortcut: s })).toThrow(InvalidRouteTokensError)
          expect(() => encodeSafeRouteMulti({ tokensIn: tsIn, tokensOut: tsOut, receiver, shortcut: s })).toThrow(/at most one native input/)
          return
        }
        const multi = encodeRouteMulti({ tokensIn: tsIn, shortcut: s })
        const a = decodeFunctionData({ abi: switchyardRouterAbi, data: multi.data })
        expect(a.functionName).toBe('routeMulti')
        expect(a.args[0]).toEqual(tsIn.map(expectIn))
        checkShortcut(a.args[1], s)
        expect(multi.value).toBe(nativeOf(tsIn))

        const safe = encodeSafeRouteMulti({ tokensIn: tsIn, tokensOut: tsOut, receiver, shortcut: s })
        const b = decodeFunctionData({ abi: switchyardRouterAbi, data: safe.data })
        expect(b.functionName).toBe('safeRouteMulti')
        expect(b.args.slice(0, 3)).toEqual([tsIn.map(expectIn), tsOut.map(expectOut), receiver])
        checkShortcut(b.args[3], s)
        expect(safe.value).toBe(nativeOf(tsIn))
      }),
      { numRuns: 60 },
    )
  })

  test('amount bounds: inputs must be positive, minimums may be zero but not negative', () => {
    const s = shortcut
    for (const tIn of [{ type: 'native', amount: 0n }, { type: 'erc20', address: token, amount: 0n }, { type: 'erc20', address: token, amount: -1n }] as RouteTokenIn[]) {
      expect(() => toRouterTokenIn(tIn)).toThrow('input amounts must be positive')
      expect(() => encodeRouteMulti({ tokensIn: [tIn], shortcut: s })).toThrow(InvalidRouteTokensError)
    }
    expect(toRouterTokenIn({ type: 'native', amount: 1n })).toEqual({ tokenType: tokenType.native, data: `0x${'1'.padStart(64, '0')}` })
    expect(toRouterTokenOut({ type: 'native', minAmountOut: 0n })).toEqual({ tokenType: tokenType.native, data: `0x${'0'.repeat(64)}` })
    expect(toRouterTokenOut({ type: 'erc20', address: token, minAmountOut: 0n }).tokenType).toBe(tokenType.erc20)
    for (const tOut of [{ type: 'native', minAmountOut: -1n }, { type: 'erc20', address: token, minAmountOut: -1n }] as RouteTokenOut[]) {
      expect(() => toRouterTokenOut(tOut)).toThrowErrorMatchingInlineSnapshot(`[InvalidRouteTokensError: Invalid route tokens: minAmountOut is negative.]`)
    }
    expect(tokenType).toEqual({ native: 0, erc20: 1, erc721: 2, erc1155: 3 })
  })
})

describe('delegate and legacy calldata decoded field by field', () => {
  const plan = { commands: shortcut.commands, state: shortcut.state }

  test('smart wallet execute(delegate, executeShortcut(...)), delegate shortcut = executor calldata', () => {
    const delegate = '0x00000000000000000000000000000000000000dd'
    const data = encodeSmartWalletExecute({ delegate, shortcut })
    const decoded = decodeFunctionData({ abi: switchyardSmartWalletAbi, data })
    expect(decoded.functionName).toBe('execute')
    expect(decoded.args[0]).toBe(getAddress(delegate))
    expect(decodeFunctionData({ abi: switchyardDelegateAbi, data: decoded.args[1] as Hex }).args).toEqual([shortcut.accountId, shortcut.requestId, shortcut.commands, shortcut.state])
    const direct = decodeFunctionData({ abi: switchyardDelegateAbi, data: encodeDelegateShortcut(shortcut) })
    expect(direct.functionName).toBe('executeShortcut')
    expect(direct.args).toEqual([shortcut.accountId, shortcut.requestId, shortcut.commands, shortcut.state])
  })

  test('legacy routeSingle: (tokenIn, amountIn, commands, state); value only for the native sentinel (any case)', () => {
    const erc20 = encodeLegacyRouteSingle({ tokenIn: token, amountIn: 9n, ...plan })
    expect(erc20.value).toBe(0n)
    const a = decodeFunctionData({ abi: switchyardLegacyRouterAbi, data: erc20.data })
    expect(a.functionName).toBe('routeSingle')
    expect(a.args).toEqual([getAddress(token), 9n, plan.commands, plan.state])
    expect(encodeLegacyRouteSingle({ tokenIn: nativeTokenAddress.toLowerCase() as Address, amountIn: 4n, ...plan }).value).toBe(4n)
    expect(() => encodeLegacyRouteSingle({ tokenIn: token, amountIn: 0n, ...plan })).toThrow('input amounts must be positive')
    expect(() => encodeLegacyRouteSingle({ tokenIn: nativeTokenAddress, amountIn: 0n, ...plan })).toThrow(InvalidRouteTokensError)
  })

  test('legacy safeRouteSingle: all seven arguments in order', () => {
    const other = '0x00000000000000000000000000000000000000aa'
    const tx = encodeLegacySafeRouteSingle({ tokenIn: nativeTokenAddress, tokenOut: other, amountIn: 11n, minAmountOut: 3n, receiver, ...plan })
    expect(tx.value).toBe(11n)
    const decoded = decodeFunctionData({ abi: switchyardLegacyRouterAbi, data: tx.data })
    expect(decoded.functionName).toBe('safeRouteSingle')
    expect(decoded.args).toEqual([nativeTokenAddress, getAddress(other), 11n, 3n, getAddress(receiver), plan.commands, plan.state])
    expect(() => encodeLegacySafeRouteSingle({ tokenIn: token, tokenOut: other, amountIn: 0n, minAmountOut: 0n, receiver, ...plan })).toThrow(InvalidRouteTokensError)
  })

  test('legacy executeShortcut(commands, state)', () => {
    const decoded = decodeFunctionData({ abi: switchyardLegacyDelegateAbi, data: encodeLegacyExecuteShortcut(plan) })
    expect(decoded.functionName).toBe('executeShortcut')
    expect(decoded.args).toEqual([plan.commands, plan.state])
  })
})
