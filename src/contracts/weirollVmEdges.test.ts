/**
 * The weiroll VM (WeirollVM, WeirollCommandBuilder) on command words the planner never writes, run in the
 * test WeirollRunner (the VM the executor, the delegate and the bridge receiver inherit): outputs of every
 * shape stored exactly or refused, every slot index bounds-checked with its own error, markers balanced,
 * the whole state as an argument, a short command's six inputs, a failure without revert data. Each case
 * kills a mutant of `npm run test:mutation:solidity` (test/mutation-solidity-survivors.md); the planner's own programs:
 * weirollVm.test.ts, and more raw edges in guardEdges.test.ts.
 */
import { type Address, type Hex, concatHex, decodeErrorResult, decodeFunctionResult, encodeAbiParameters, encodeFunctionData, numberToHex, pad, toFunctionSelector } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { weirollRunnerAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let runner: Address
let target: Address
/** Returns 65 bytes: the word 32, the word 1, one more byte (a return no ABI value has). */
const ODD_RETURN: Address = '0x0dd0000000000000000000000000000000000065'
/** The identity precompile: returns its input. */
const IDENTITY: Address = '0x0000000000000000000000000000000000000004'

beforeAll(async () => {
  env = await setupContractsTestEnv()
  runner = await env.deploy('WeirollRunner')
  target = await env.deploy('MockVmTarget')
  // mstore(0, 32) mstore(32, 1) return(0, 65)
  await env.client.setCode({ address: ODD_RETURN, bytecode: '0x6020600052600160205260416000f3' })
})
afterAll(async () => {
  await env?.stop()
})

const CALL = 0x01
const STATIC = 0x02
const VALUE = 0x03
const DATA = 0x20
const RAW_RETURN = 0x80
const VARIABLE = 0x80
const DISCARD = 0xff

/** One weiroll command word: selector | flags | six input indices (0xff-filled) | output index | target. */
function command(p: { selector: Hex; flags: number; inputs: readonly number[]; output: number; target: Address }): Hex {
  const inputs = [...p.inputs, ...new Array(6 - p.inputs.length).fill(0xff)].slice(0, 6)
  return concatHex([p.selector, numberToHex(p.flags, { size: 1 }), ...inputs.map((i) => numberToHex(i, { size: 1 })), numberToHex(p.output, { size: 1 }), p.target])
}

const word = (n: bigint): Hex => pad(numberToHex(n))
/** A `bytes` value as a variable-length slot holds it: the ABI tail (length word, padded data). */
const bytesSlot = (value: Hex): Hex => `0x${encodeAbiParameters([{ type: 'bytes' }], [value]).slice(66)}`
const concatSelector = toFunctionSelector('concat(bytes,bytes)')
const paySelector = toFunctionSelector('pay()')

/** Runs raw commands in the runner (eth_call) and returns the final state. */
async function runRaw(commands: Hex[], state: Hex[], value = 0n): Promise<readonly Hex[]> {
  const data = encodeFunctionData({ abi: weirollRunnerAbi, functionName: 'execute', args: [commands, state] })
  const result = await env.client.call({ account: env.accounts.user, to: runner, data, value })
  return decodeFunctionResult({ abi: weirollRunnerAbi, functionName: 'execute', data: result.data! })
}

async function errorOf(commands: Hex[], state: Hex[], value = 0n): Promise<unknown[]> {
  const err = await expectRevert(runRaw(commands, state, value))
  return [err.errorName, ...err.args]
}

describe('weiroll VM: outputs stored exactly, or refused', () => {
  test('a variable-length output is stored as its ABI tail, exactly; an empty one too', async () => {
    const concat = (output: number) => command({ selector: concatSelector, flags: STATIC, inputs: [VARIABLE | 0, VARIABLE | 1], output, target })
    const state = await runRaw([concat(VARIABLE | 2), concat(VARIABLE | 3)], [bytesSlot('0xaa'), bytesSlot('0xbb'), '0x', '0x'])
    expect(state[2]).toBe(bytesSlot('0xaabb'))
    const empty = await runRaw([concat(VARIABLE | 2)], [bytesSlot('0x'), bytesSlot('0x'), '0x'])
    expect(empty[2]).toBe(word(0n))
  })

  test('a one-word return of 32 is no variable-length value (InvalidOutputShape)', async () => {
    const pay = command({ selector: paySelector, flags: VALUE, inputs: [0], output: VARIABLE | 1, target })
    expect(await errorOf([pay], [word(32n), '0x'], 32n)).toEqual(['InvalidOutputShape', 1n, 32n])
  })

  test('a return that starts like one but is not whole words is refused (InvalidOutputShape)', async () => {
    const odd = command({ selector: '0x00000000', flags: STATIC | DATA, inputs: [0], output: VARIABLE | 1, target: ODD_RETURN })
    expect(await errorOf([odd], ['0x12345678', '0x'])).toEqual(['InvalidOutputShape', 1n, 65n])
  })

  test('a raw return may be discarded (output 0xff)', async () => {
    const concat = command({ selector: concatSelector, flags: STATIC | RAW_RETURN, inputs: [VARIABLE | 0, VARIABLE | 0], output: DISCARD, target })
    await runRaw([concat], [bytesSlot('0xaa')])
  })
})

describe('weiroll VM: every slot index is bounds-checked', () => {
  test("a value call's amount slot past the state: StateIndexOutOfBounds", async () => {
    const pay = command({ selector: paySelector, flags: VALUE, inputs: [1], output: DISCARD, target })
    expect(await errorOf([pay], [word(1n)])).toEqual(['StateIndexOutOfBounds', 1n, 1n])
  })

  test("a raw call's calldata slot past the state: StateIndexOutOfBounds", async () => {
    const raw = command({ selector: '0x00000000', flags: CALL | DATA, inputs: [1], output: DISCARD, target })
    expect(await errorOf([raw], [word(1n)])).toEqual(['StateIndexOutOfBounds', 1n, 1n])
  })

  test('an argument slot past the state: StateIndexOutOfBounds', async () => {
    const pay = command({ selector: paySelector, flags: STATIC, inputs: [0, 1], output: DISCARD, target })
    expect(await errorOf([pay], [word(1n)])).toEqual(['StateIndexOutOfBounds', 1n, 1n])
  })
})

describe('weiroll VM: argument shapes', () => {
  test('an array end marker outside an array is refused (UnbalancedIndexMarkers)', async () => {
    const pay = command({ selector: paySelector, flags: STATIC, inputs: [0, 0xfb, 0], output: DISCARD, target })
    expect(await errorOf([pay], [word(1n)])).toEqual(['UnbalancedIndexMarkers'])
  })

  test('a static argument must be one word (StaticStateNot32Bytes)', async () => {
    const pay = command({ selector: paySelector, flags: STATIC, inputs: [0], output: DISCARD, target })
    expect(await errorOf([pay], [concatHex([word(1n), word(2n)])])).toEqual(['StaticStateNot32Bytes', 0n, 64n])
  })

  test('the whole state as an argument is encoded exactly as abi.encode of a bytes[] (the calldata seen by the identity precompile)', async () => {
    // 0x04 returns its input: with a raw return, slot 1 ends up holding the exact calldata of the call.
    const selector = toFunctionSelector('take(bytes[])')
    const echo = command({ selector, flags: STATIC | RAW_RETURN, inputs: [0xfe], output: 1, target: IDENTITY })
    const before: Hex[] = [word(7n), bytesSlot('0xabcdef')]
    const state = await runRaw([echo], before)
    expect(state[1]).toBe(bytesSlot(concatHex([selector, encodeAbiParameters([{ type: 'bytes[]' }], [before])])))
  })

  test('a short command takes six inputs and no more', async () => {
    const pay = command({ selector: paySelector, flags: STATIC, inputs: [0, 0, 0, 0, 0, 0], output: DISCARD, target })
    await runRaw([pay], [word(1n)])
  })
})

describe('weiroll VM: failures', () => {
  test('a call that reverts with an empty reason string fails with that empty message', async () => {
    const fail = command({ selector: toFunctionSelector('fail(string)'), flags: CALL, inputs: [VARIABLE | 0], output: DISCARD, target })
    const err = await expectRevert(runRaw([fail], [bytesSlot('0x')]))
    const decoded = decodeErrorResult({ abi: weirollRunnerAbi, data: err.raw })
    expect([decoded.errorName, decoded.args?.[2]]).toEqual(['ExecutionFailed', ''])
  })

  test('a call that reverts without data fails with the message "Unknown"', async () => {
    const missing = command({ selector: '0x00000000', flags: CALL | DATA, inputs: [0], output: DISCARD, target })
    const err = await expectRevert(runRaw([missing], ['0x12345678']))
    const decoded = decodeErrorResult({ abi: weirollRunnerAbi, data: err.raw })
    expect([decoded.errorName, decoded.args?.[0], String(decoded.args?.[1]).toLowerCase(), decoded.args?.[2]]).toEqual(['ExecutionFailed', 0n, target.toLowerCase(), 'Unknown'])
  })
})
