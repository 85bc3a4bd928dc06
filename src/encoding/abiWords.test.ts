import fc from 'fast-check'
import { type Hex, encodeAbiParameters, encodeFunctionData, getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { switchyardExecutorAbi, switchyardRouterAbi } from '../contracts/generated/abis.js'
import { InvalidAbiValueError } from '../errors/encoding.js'
import { abiWords } from './abiWords.js'
import { encodeExecuteShortcut, encodeSafeRouteSingle, type RouteTokenIn, type RouteTokenOut } from './routerCalldata.js'

const FC_SEED = Number(process.env.FC_SEED ?? 20261129)
const hexBytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex)
// Mixed case too: the words keep a bytes value's case as viem does.
const mixedCase = (arbitrary: fc.Arbitrary<Hex>) => fc.tuple(arbitrary, fc.boolean()).map(([h, upper]) => (upper ? (`0x${h.slice(2).toUpperCase()}` as Hex) : h))
const address = hexBytes(20, 20)
const uint = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n })
const shortcut = fc.record({
  accountId: mixedCase(hexBytes(32, 32)),
  requestId: hexBytes(32, 32),
  commands: fc.array(mixedCase(hexBytes(32, 32)), { maxLength: 20 }),
  state: fc.array(mixedCase(hexBytes(0, 130)), { maxLength: 20 }),
})

describe('the router calldata written word by word equals viem encodeFunctionData', () => {
  test(`executeShortcut (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(shortcut, (s) => {
        expect(encodeExecuteShortcut(s)).toBe(encodeFunctionData({ abi: switchyardExecutorAbi, functionName: 'executeShortcut', args: [s.accountId, s.requestId, s.commands, s.state] }))
      }),
      { numRuns: 300, seed: FC_SEED },
    )
  })

  test(`safeRouteSingle, native and ERC20 tokens (FC_SEED=${FC_SEED})`, () => {
    fc.assert(
      fc.property(shortcut, fc.boolean(), fc.boolean(), address, address, mixedCase(address), fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }), uint, (s, nativeIn, nativeOut, tokenA, tokenB, receiver, amount, minAmountOut) => {
        const tokenIn: RouteTokenIn = nativeIn ? { type: 'native', amount } : { type: 'erc20', address: tokenA, amount }
        const tokenOut: RouteTokenOut = nativeOut ? { type: 'native', minAmountOut } : { type: 'erc20', address: tokenB, minAmountOut }
        const token = (type: number, words: Hex) => ({ tokenType: type, data: words })
        const inData = nativeIn ? encodeAbiParameters([{ type: 'uint256' }], [amount]) : encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [getAddress(tokenA), amount])
        const outData = nativeOut ? encodeAbiParameters([{ type: 'uint256' }], [minAmountOut]) : encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [getAddress(tokenB), minAmountOut])
        const expected = encodeFunctionData({
          abi: switchyardRouterAbi,
          functionName: 'safeRouteSingle',
          args: [token(nativeIn ? 0 : 1, inData), token(nativeOut ? 0 : 1, outData), getAddress(receiver), encodeFunctionData({ abi: switchyardExecutorAbi, functionName: 'executeShortcut', args: [s.accountId, s.requestId, s.commands, s.state] })],
        })
        const encoded = encodeSafeRouteSingle({ tokenIn, tokenOut, receiver, shortcut: s })
        expect(encoded.data).toBe(expected)
        expect(encoded.value).toBe(nativeIn ? amount : 0n)
      }),
      { numRuns: 300, seed: FC_SEED },
    )
  })

  test('values that do not fit their type are refused with a typed error, as viem refuses them', () => {
    const ok = { accountId: `0x${'11'.repeat(32)}`, requestId: `0x${'22'.repeat(32)}`, commands: [], state: [] } as const
    expect(() => encodeExecuteShortcut({ ...ok, commands: [`0x${'ab'.repeat(31)}`] })).toThrow(InvalidAbiValueError)
    expect(() => encodeExecuteShortcut({ ...ok, accountId: `0x${'zz'.repeat(32)}` as Hex })).toThrow(InvalidAbiValueError)
    expect(() => encodeExecuteShortcut({ ...ok, state: ['0xabc'] })).toThrow(InvalidAbiValueError)
    expect(() => abiWords.uint(-1n)).toThrow(InvalidAbiValueError)
    expect(() => abiWords.uint(1n << 256n)).toThrow(InvalidAbiValueError)
    expect(() => abiWords.address('0x1234')).toThrow(InvalidAbiValueError)
    expect(() => encodeSafeRouteSingle({ tokenIn: { type: 'native', amount: 1n }, tokenOut: { type: 'native', minAmountOut: 0n }, receiver: '0xnot-an-address', shortcut: ok })).toThrow(InvalidAbiValueError)
  })
})
