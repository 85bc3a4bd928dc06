/**
 * `encodePlan`'s command layout: the words it writes (selector, flags, argument and output indices,
 * extended commands), its limits (argument indices, state slots), literal deduplication, output slots and
 * the types a handle may be passed as; then edge cases, checked by running the plans on the reference VM
 * (`testing/runWeirollVm.ts`) over mock targets.
 */
import { type Hex, decodeAbiParameters, decodeFunctionData, encodeAbiParameters, hexToBigInt, keccak256, numberToHex, parseAbi, sliceHex, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidPlannerCallError, TooManyArgumentsError, TooManyStateSlotsError } from '../errors/encoding.js'
import { functionCall, rawCall } from './call.js'
import { commandFlags, indexBytes, maxStateSlots } from './commandFormat.js'
import { Planner } from './planner.js'
import { createMockWorld, MOCK_TARGET } from './testing/createMockWorld.js'
import { mockTarget } from './testing/mockTarget.js'
import { mockTargetAbi, mockTargetFunctions } from './testing/mockTargetAbi.js'
import { runOnMockWorld } from './testing/runOnMockWorld.js'
import { runPlanOnMocks } from './testing/runPlanOnMocks.js'

const word = (n: bigint | number): Hex => numberToHex(BigInt(n), { size: 32 })

describe('encodePlan command layout', () => {
  const t = { address: MOCK_TARGET, abi: mockTargetAbi } as const
  const six = parseAbi(['function six(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f)'])
  const byte = (w: Hex, k: number) => parseInt(w.slice(2 + 2 * k, 4 + 2 * k), 16)

  test('selector | flags | 6 inputs | output | target; 7+ indices go to an extended second word padded with 0xff', () => {
    const planner = new Planner()
    planner.add(functionCall({ address: MOCK_TARGET, abi: six, functionName: 'six', args: [1n, 2n, 3n, 4n, 5n, 6n] }))
    planner.add(functionCall({ ...t, functionName: 'wide', args: [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n] }).staticcall())
    const { commands, state } = planner.plan()
    expect(commands).toHaveLength(3)
    const [short, ext, indices] = commands as [Hex, Hex, Hex]
    expect(sliceHex(short, 0, 4)).toBe(toFunctionSelector('six(uint256,uint256,uint256,uint256,uint256,uint256)'))
    expect(byte(short, 4)).toBe(commandFlags.call)
    expect(sliceHex(short, 5, 11)).toBe('0x000102030405')
    expect(byte(short, 11)).toBe(indexBytes.endOfArgs)
    expect(sliceHex(short, 12)).toBe(MOCK_TARGET.toLowerCase())
    expect(byte(ext, 4)).toBe(commandFlags.staticcall | commandFlags.extended)
    expect(sliceHex(ext, 5, 11)).toBe('0x000000000000')
    expect(indices).toBe(`0x0001020304050607${'ff'.repeat(24)}`)
    expect(state).toHaveLength(8)
    // 32 indices fit; 33 do not.
    const wide = (n: number) => {
      const p = new Planner()
      const h = p.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] }))
      p.add(functionCall({ ...t, functionName: 'arr', args: [Array.from({ length: n }, () => h)] }))
      return p
    }
    expect(wide(30).plan().commands[2]).toBe(`0xfd${'02'.repeat(30)}fb`)
    expect(() => wide(31).plan()).toThrow(TooManyArgumentsError)
    expect(() => wide(31).plan()).toThrow('needs 33 argument indices')
  })

  test('state slots: 123 are allowed, the 124th is refused', () => {
    const fill = (n: number) => {
      const p = new Planner()
      for (let i = 0; i < n; i++) p.add(functionCall({ ...t, functionName: 'sink', args: [BigInt(i)] }))
      return p
    }
    expect(fill(maxStateSlots).plan().state).toHaveLength(123)
    expect(() => fill(maxStateSlots + 1).plan()).toThrow(TooManyStateSlotsError)
    expect(maxStateSlots).toBe(123)
  })

  test('literals are deduplicated by their encoding; raw calldata is stored verbatim (lowercased)', () => {
    const planner = new Planner()
    planner.add(rawCall({ address: MOCK_TARGET, data: '0xABCD' }))
    planner.add(rawCall({ address: MOCK_TARGET, data: '0xabcd' }))
    planner.add(functionCall({ ...t, functionName: 'u2', args: [1n, 1n] }))
    planner.add(functionCall({ ...t, functionName: 'mixed', args: [word(1n), true, 1n, 1] }))
    const { commands, state } = planner.plan()
    expect(state).toEqual(['0xabcd', word(1n)])
    expect(commands.map((c) => byte(c, 4))).toEqual([0x21, 0x21, 0x01, 0x01])
    expect(commands.map((c) => sliceHex(c, 5, 11))).toEqual(['0x00ffffffffff', '0x00ffffffffff', '0x0101ffffffff', '0x01010101ffff'])
  })

  test('outputs: unused results are discarded (0xff), dynamic ones are flagged 0x80, raw tuples set flag 0x80', () => {
    const planner = new Planner()
    planner.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] }))
    const b = planner.add(functionCall({ ...t, functionName: 'blob', args: ['0x', 1n] }))
    const words = planner.add(functionCall({ ...t, functionName: 'wordsOut', args: [1n] }))
    const raw = planner.add(functionCall({ ...t, functionName: 'two', args: [1n] }).rawValue())
    const dyn = planner.add(functionCall({ ...t, functionName: 'dynTuple', args: [1n] }))
    planner.add(functionCall({ ...t, functionName: 'blob', args: [b, 2n] }))
    planner.add(functionCall({ ...t, functionName: 'arr', args: [words] }))
    planner.add(functionCall({ ...t, functionName: 'blob', args: [raw, 2n] }))
    planner.add(functionCall({ ...t, functionName: 'labeled', args: [dyn] }))
    const { commands, state } = planner.plan()
    expect(commands.map((c) => byte(c, 11))).toEqual([0xff, 0x83, 0x84, 0x85, 0x86, 0xff, 0xff, 0xff, 0xff])
    expect(commands.map((c) => byte(c, 4))).toEqual([1, 1, 1, 0x81, 1, 1, 1, 1, 1])
    expect(commands.map((c) => byte(c, 5))).toEqual([0, 0x82, 0, 0, 0, 0x83, 0x84, 0x85, 0x86])
    expect(state.slice(3)).toEqual(['0x', '0x', '0x', '0x'])
    // And on the VM every reader gets the producer's value.
    const world = createMockWorld()
    runOnMockWorld(commands, state, world)
    const decoded = world.log.map((c) => decodeFunctionData({ abi: mockTargetAbi, data: c.data }))
    const resultOf = (i: number) => decodeAbiParameters(mockTargetFunctions.get(decoded[i]!.functionName)!.outputs, mockTarget(world.log[i]!, createMockWorld()))
    expect(decoded[5]!.args![0]).toBe(resultOf(1)[0])
    expect(decoded[6]!.args![0]).toEqual(resultOf(2)[0])
    expect(decoded[7]!.args![0]).toBe(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], resultOf(3) as [bigint, bigint]))
    expect(Object.values(decoded[8]!.args![0] as object)).toEqual(Object.values(resultOf(4)[0] as object))
  })

  test('handle types: one-word statics convert, bytes accepts a string, nothing else does', () => {
    const planner = new Planner()
    const tag = planner.add(functionCall({ ...t, functionName: 'mixed', args: [word(0n), false, 0n, 0] }))
    const text = planner.add(functionCall({ ...t, functionName: 'text', args: ['hi'] }))
    planner.add(functionCall({ ...t, functionName: 'u2', args: [tag, 1n] }))
    planner.add(functionCall({ ...t, functionName: 'blob', args: [text, 1n] }))
    expect(() => planner.plan()).not.toThrow()

    const bad = (fnName: string, args: (p: Planner) => unknown[], reason: RegExp) => {
      const p = new Planner()
      p.add(functionCall({ ...t, functionName: fnName, args: args(p) }))
      expect(() => p.plan(), fnName).toThrow(reason)
    }
    bad('text', (p) => [p.add(functionCall({ ...t, functionName: 'blob', args: ['0x', 1n] }))], /a bytes value cannot be passed as string/)
    bad('u2', (p) => [p.add(functionCall({ ...t, functionName: 'text', args: ['x'] })), 1n], /a string value cannot be passed as uint256/)
    bad('blob', (p) => [p.add(functionCall({ ...t, functionName: 'u2', args: [1n, 1n] })), 1n], /a uint256 value cannot be passed as bytes/)
    bad('arr', (p) => [p.add(functionCall({ ...t, functionName: 'blob', args: ['0x', 1n] }))], /a bytes value cannot be passed as uint256\[\]/)
    bad('pair', (p) => [p.add(functionCall({ ...t, functionName: 'u2', args: [1n, 1n] }))], /a uint256 value cannot be passed as \(uint256,uint256\)/)
    bad('blob', (p) => [p.add(functionCall({ ...t, functionName: 'wordsOut', args: [1n] })), 1n], /a uint256\[\] value cannot be passed as bytes/)
    bad('arr', (p) => [p.add(functionCall({ ...t, functionName: 'text', args: ['x'] }))], /a string value cannot be passed as uint256\[\]/)
    bad('u2', (p) => [p.add(rawCall({ address: MOCK_TARGET, data: '0x01' })), 1n], /the call returns nothing usable/)
    // Tuples are compared component by component (names aside), not by the word `tuple`.
    bad('flipped', (p) => [p.add(functionCall({ ...t, functionName: 'dynTuple', args: [1n] }))], /a \(uint256,bytes\) value cannot be passed as \(bytes,uint256\)/)
    bad('labels', (p) => [p.add(functionCall({ ...t, functionName: 'dynTuple', args: [1n] }))], /a \(uint256,bytes\) value cannot be passed as \(uint256,bytes\)\[\]/)
    const ok = new Planner()
    ok.add(functionCall({ ...t, functionName: 'labels', args: [ok.add(functionCall({ ...t, functionName: 'labelsOut', args: [1n] }))] }))
    expect(() => ok.plan()).not.toThrow()
    bad('u2', (p) => [p.add(functionCall({ ...t, functionName: 'two', args: [1n] })), 1n], /several return values need .rawValue\(\)/)
    bad('u2', (p) => [p.add(functionCall({ ...t, functionName: 'tupleOut', args: [1n] })), 1n], /a multi-word static return value needs .rawValue\(\)/)
    bad('u2', (p) => [p.add(functionCall({ ...t, functionName: 'fixedOut', args: [1n] })), 1n], /a multi-word static return value needs .rawValue\(\)/)
  })
})

describe('encodePlan edge cases on the reference VM', () => {
  const t = { address: MOCK_TARGET, abi: mockTargetAbi } as const

  test('the state nested in a tuple is passed whole (0xfe inside 0xfc … 0xfb)', () => {
    const planner = new Planner()
    const h = planner.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] }))
    planner.add(functionCall({ ...t, functionName: 'stateInTuple', args: [{ tag: 9n, state: planner.state }] }))
    planner.add(functionCall({ ...t, functionName: 'stateInTuple', args: [[h, planner.state]] }))
    const { commands, state } = planner.plan()
    expect(sliceHex(commands[1]!, 5, 11)).toBe('0xfc03fefbffff')
    const world = createMockWorld()
    runOnMockWorld(commands, state, world)
    const first = decodeFunctionData({ abi: mockTargetAbi, data: world.log[1]!.data }).args![0] as { tag: bigint; state: Hex[] }
    expect(first.tag).toBe(9n)
    // The state as the VM holds it when the call is made: the u2 result is in slot 2.
    const u2Result = hexToBigInt(keccak256(world.log[0]!.data)) >> 128n
    expect(first.state).toEqual([word(1n), word(2n), word(u2Result), word(9n)])
    const second = decodeFunctionData({ abi: mockTargetAbi, data: world.log[2]!.data }).args![0] as { tag: bigint; state: Hex[] }
    expect(second.tag).toBe(u2Result)
  })

  test('structs whose fields are named like planner methods are plain literals; null arguments are refused', () => {
    const planner = new Planner()
    const h = planner.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] }))
    planner.add(functionCall({ ...t, functionName: 'planField', args: [{ plan: 3n, addSubplan: 4n }] }))
    planner.add(functionCall({ ...t, functionName: 'planField', args: [{ plan: h, addSubplan: 4n }] }))
    const { calls } = runPlanOnMocks(planner)
    expect(calls[1]!.args).toEqual([{ plan: 3n, addSubplan: 4n }])
    expect((calls[2]!.args[0] as { plan: bigint }).plan).toBe(hexToBigInt(keccak256(calls[0]!.data)) >> 128n)
    for (const missing of [null, undefined]) {
      const p = new Planner()
      p.add(functionCall({ ...t, functionName: 'u2', args: [missing, 1n] }))
      expect(() => p.plan()).toThrow(InvalidPlannerCallError)
    }
    const q = new Planner()
    q.add(functionCall({ ...t, functionName: 'pair', args: [{ a: null, b: q.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] })) }] }))
    expect(() => q.plan()).toThrow(InvalidPlannerCallError)
  })
})
