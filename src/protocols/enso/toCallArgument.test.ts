import { type AbiParameter, parseAbiItem } from 'viem'
import { describe, expect, test } from 'vitest'
import { ReturnValue } from '../../encoding/value.js'
import { InvalidBundleError } from '../../errors/bundle.js'
import type { BundleActionContext, BundleRef } from '../bundle/types.js'
import { toCallArgument, type CallArg } from './toCallArgument.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const handle = new ReturnValue({ type: 'uint256' }, {})

/** Only what the converter uses: references resolve to `handle` (or a literal), failures throw as the builder does. */
function fakeContext(literal?: bigint): BundleActionContext {
  return {
    amount: () => ({ kind: 'amount', value: literal ?? handle, estimate: undefined }),
    fail: (code: string, field: string, message: string): never => {
      throw new InvalidBundleError({ code, field: `actions[0].args.${field}`, message })
    },
  } as unknown as BundleActionContext
}

/** The inputs of a human-readable signature. */
const inputsOf = (signature: string): readonly AbiParameter[] => (parseAbiItem(signature) as { inputs: readonly AbiParameter[] }).inputs
const convert = (signature: string, value: unknown, literal?: bigint) => toCallArgument(fakeContext(literal), { param: inputsOf(signature)[0]!, value: value as CallArg, field: 'args[0]' })
const ref = (at: number): BundleRef => ({ ref: true, at, index: 0, kind: 'amount' })

function refusal(signature: string, value: unknown): { code: string; message: string } {
  try {
    convert(signature, value)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidBundleError)
    return { code: (error as InvalidBundleError).code, message: (error as InvalidBundleError).shortMessage }
  }
  throw new Error('expected a refusal')
}

describe('toCallArgument: tuples are callable (issue 24 item 3)', () => {
  test('a tuple from an array of its components, in order; returned as an array', () => {
    expect(convert('function f((uint256,address))', ['7', USDC.toLowerCase()])).toEqual([7n, USDC])
  })

  test('a tuple whose components are named, from an object keyed by those names (any key order)', () => {
    const sig = 'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96))'
    expect(convert(sig, { fee: 500, tokenOut: USDC, tokenIn: USDC, recipient: USDC, amountIn: '1000', amountOutMinimum: 1, sqrtPriceLimitX96: '0' }))
      .toEqual([USDC, USDC, 500n, USDC, 1000n, 1n, 0n])
  })

  test('tuple arrays (objects or arrays per item), nested tuples, bytes inside; references fill integers at any depth', () => {
    const sig = 'function batchSwap((bytes32 poolId, uint256 assetInIndex, uint256 assetOutIndex, uint256 amount, bytes userData)[] swaps)'
    const poolId = `0x${'ab'.repeat(32)}`
    expect(convert(sig, [{ poolId, assetInIndex: 0, assetOutIndex: '1', amount: ref(0), userData: '0x' }, [poolId, 1, 0, '5', '0x1234']]))
      .toEqual([[poolId, 0n, 1n, handle, '0x'], [poolId, 1n, 0n, 5n, '0x1234']])
    expect(convert('function f((uint256,(address,int8)[2]))', [ref(1), [[USDC, -128], [USDC, '127']]])).toEqual([handle, [[USDC, -128n], [USDC, 127n]]])
  })

  test('integers at their widths\' bounds; bytesN of exactly N bytes; a bool from a reference known when planning', () => {
    expect(convert('function f(uint8)', 255)).toBe(255n)
    expect(convert('function f(int256)', (-(2n ** 255n)).toString())).toBe(-(2n ** 255n))
    expect(convert('function f(uint256)', (2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n)
    expect(convert('function f(bytes32)', `0x${'00'.repeat(32)}`)).toBe(`0x${'00'.repeat(32)}`)
    expect(convert('function f(bool)', ref(0), 1n)).toBe(true)
    expect(convert('function f(bool)', ref(0))).toBe(handle)
  })
})

describe('toCallArgument: anything the encoder would refuse is a 400 naming the argument (issue 24 item 3)', () => {
  test.each([
    ['uint256[2] given 3 items', 'function f(uint256[2])', ['1', '2', '3'], 'INVALID_TYPE', 'actions[0].args.args[0]: uint256[2] takes exactly 2 items, got 3'],
    ['uint8 given 2^256-1', 'function f(uint8)', (2n ** 256n - 1n).toString(), 'INVALID_TYPE', 'actions[0].args.args[0]: out of range for uint8 (0 to 2^8-1)'],
    ['int256 given 2^256-1', 'function f(int256)', (2n ** 256n - 1n).toString(), 'INVALID_TYPE', 'actions[0].args.args[0]: out of range for int256 (-2^255 to 2^255-1)'],
    ['uint256 given -1', 'function f(uint256)', '-1', 'INVALID_TYPE', 'actions[0].args.args[0]: out of range for uint256 (0 to 2^256-1)'],
    ['uint256 given 1.5', 'function f(uint256)', 1.5, 'INVALID_TYPE', 'actions[0].args.args[0]: must be an integer for uint256 (a base-10 string; numbers only up to 2^53-1)'],
    ['bytes32 given "0x12"', 'function f(bytes32)', '0x12', 'INVALID_TYPE', 'actions[0].args.args[0]: bytes32 takes exactly 32 bytes (0x and 64 hex digits), got 1'],
    ['bytes given odd hex', 'function f(bytes)', '0x123', 'INVALID_TYPE', 'actions[0].args.args[0]: must be 0x-prefixed hex of whole bytes for bytes'],
    ['a bad item in address[]', 'function f(address[])', [USDC, '0x12'], 'INVALID_ADDRESS', 'actions[0].args.args[0][1]: must be 0x followed by 40 hex digits for address'],
    ['a mistyped checksum in address[]', 'function f(address[])', [USDC.replace('A0b8', 'a0B8')], 'INVALID_CHECKSUM', 'actions[0].args.args[0][0]: mixed-case address fails its EIP-55 checksum'],
    ['a tuple given too few components', 'function f((uint256,address))', ['1'], 'INVALID_TYPE', 'actions[0].args.args[0]: (uint256,address) takes 2 components, got 1'],
    ['an object for a tuple without component names', 'function f((uint256,address))', { a: '1' }, 'INVALID_TYPE', 'actions[0].args.args[0]: the components of (uint256,address) have no names in the signature: give them as an array of 2'],
    ['an unknown component', 'function f((uint256 amount, address to))', { amount: '1', to: USDC, too: USDC }, 'INVALID_TYPE', 'actions[0].args.args[0].too: not a component of (uint256,address) (its components: amount, to)'],
    ['a missing component', 'function f((uint256 amount, address to))', { amount: '1' }, 'INVALID_TYPE', 'actions[0].args.args[0].to: missing: (uint256,address) needs every component (amount, to)'],
    ['a bad item deep in a tuple array', 'function f((uint256 amount, address to)[])', [{ amount: '1', to: USDC }, { amount: '2', to: 'nope' }], 'INVALID_ADDRESS', 'actions[0].args.args[0][1].to: must be 0x followed by 40 hex digits for address'],
    ['a scalar for a tuple', 'function f((uint256 amount, address to))', '1', 'INVALID_TYPE', 'actions[0].args.args[0]: must be an array of 2 components or an object with keys amount, to for (uint256,address)'],
    ['a reference for an address', 'function f(address)', ref(0), 'INVALID_REFERENCE', 'actions[0].args.args[0]: a reference can only fill an integer or bool parameter, not address'],
    ['a malformed reference', 'function f(uint256)', { useOutputOfCallAt: 'x' }, 'INVALID_REFERENCE', 'actions[0].args.args[0]: a reference is { useOutputOfCallAt: <earlier action>, index?: <output> } and nothing else'],
    ['an array for a string', 'function f(string)', ['a'], 'INVALID_TYPE', 'actions[0].args.args[0]: must be a string for string'],
  ])('%s', (_name, signature, value, code, message) => {
    expect(refusal(signature, value)).toEqual({ code, message })
  })
})
