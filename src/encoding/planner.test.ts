/**
 * The planner's API (add, addSubplan, replaceState, sweeps, keep), kept handles and its refusals. The
 * golden encodings of known plans are in `plannerGoldenEncodings.test.ts`.
 */
import { type Address, erc20Abi, parseAbi, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { functionCall, rawCall } from './call.js'
import { Planner } from './planner.js'
import { maxStateSlots } from './commandFormat.js'
import { plannerSamples } from './testing/plannerSamples.js'
import type { ReturnValue } from './value.js'

const { token, vault, receiver, helper, mathAbi, targetAbi } = plannerSamples

describe('Planner errors', () => {
  test('wrong function or argument count', () => {
    expect(() => functionCall({ address: token, abi: erc20Abi, functionName: 'nope' })).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to nope: the ABI has no such function.]`)
    expect(() => functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver] })).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to transfer: expected 2 arguments, got 1.]`)
  })

  test('value on a non-payable function or a staticcall', () => {
    const transfer = functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, 1n] })
    expect(() => transfer.withValue(1n)).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to transfer(address,uint256): the function is not payable.]`)
    expect(() => functionCall({ address: helper, abi: targetAbi, functionName: 'pay' }).staticcall().withValue(1n)).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to pay(): a staticcall cannot send value.]`)
  })

  test('handles from another planner, from a void call, or needing rawValue', () => {
    const other = new Planner()
    const foreign = other.add(functionCall({ address: helper, abi: targetAbi, functionName: 'balanceOfCaller', args: [token] }))
    const planner = new Planner()
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, foreign] }))
    expect(() => planner.plan()).toThrowErrorMatchingInlineSnapshot(`
      [InvalidReturnValueUseError: A return value cannot be used as an argument of transfer(address,uint256): the handle comes from a call that is not part of this plan.

      Handles are usable only after the command that produced them, in the same planner or a subplan of it.
      A value produced inside a subplan is visible outside only when the subplan call replaces the state.]
    `)

    const p2 = new Planner()
    const nothing = p2.add(functionCall({ address: helper, abi: targetAbi, functionName: 'run', args: [[], []] }))
    p2.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, nothing] }))
    expect(() => p2.plan()).toThrow(/returns nothing usable/)

    const p3 = new Planner()
    const two = p3.add(functionCall({ address: helper, abi: targetAbi, functionName: 'two' }))
    p3.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, two] }))
    expect(() => p3.plan()).toThrow(/rawValue/)
  })

  test('a subplan value is not visible outside unless the state is replaced', () => {
    const sub = new Planner()
    const planner = new Planner()
    const t = { address: helper, abi: targetAbi } as const
    const inner = sub.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }))
    planner.addSubplan(functionCall({ ...t, functionName: 'run', args: [sub, planner.state] }))
    planner.add(functionCall({ ...t, functionName: 'sum', args: [[inner]] }))
    expect(() => planner.plan()).toThrow(/does not replace the state/)
  })

  test('type mismatch between a handle and a parameter', () => {
    const planner = new Planner()
    const bytesValue = planner.add(functionCall({ address: helper, abi: targetAbi, functionName: 'concat', args: ['0x', '0x'] }))
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, bytesValue] }))
    expect(() => planner.plan()).toThrow(/a bytes value cannot be passed as uint256/)
  })

  test('too many state slots, too many arguments', () => {
    const planner = new Planner()
    for (let i = 0; i < maxStateSlots; i++) planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, BigInt(i + 1)] }))
    expect(() => planner.plan()).toThrowErrorMatchingInlineSnapshot(`
      [TooManyStateSlotsError: The plan needs more than 123 state slots.

      Split the plan, or reuse literal values and return values.]
    `)
    const wide = new Planner()
    wide.add(functionCall({ address: helper, abi: targetAbi, functionName: 'sum', args: [Array.from({ length: 40 }, (_, i) => (i === 0 ? wide.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [1n, 1n] })) : BigInt(i)))] }))
    expect(() => wide.plan()).toThrow(/needs 42 argument indices/)
  })
})

describe('kept handles', () => {
  test('a kept result gets a slot even without readers, and the slot is never reused', () => {
    const unkept = new Planner()
    const a0 = unkept.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [1n, 2n] }).staticcall())
    unkept.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [a0, 3n] }).staticcall())
    const b0 = unkept.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [4n, 5n] }).staticcall())
    unkept.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [b0, 6n] }).staticcall())
    // Without keep, b0 takes a0's freed slot and the last result gets none.
    const plain = unkept.plan()
    expect(plain.keptSlots).toBeUndefined()

    const p = new Planner()
    const a = p.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [1n, 2n] }).staticcall())
    p.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [a, 3n] }).staticcall())
    const b = p.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [4n, 5n] }).staticcall())
    const last = p.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [b, 6n] }).staticcall())
    p.keep(a)
    p.keep(last)
    const { commands, keptSlots } = p.plan()
    expect(keptSlots).toHaveLength(2)
    const [slotA, slotLast] = keptSlots!
    expect(slotA).not.toBe(slotLast)
    // The output byte (index 5 of each command word) of `a` and of the last add is its kept slot, and no
    // other command writes to slotA.
    const outputs = commands.map((w) => parseInt(w.slice(2 + 2 * 11, 2 + 2 * 12), 16))
    expect(outputs[0]).toBe(slotA)
    expect(outputs[3]).toBe(slotLast)
    expect(outputs.filter((o) => o === slotA)).toHaveLength(1)
    expect(() => p.keep(unkept.add(functionCall({ address: helper, abi: mathAbi, functionName: 'add', args: [1n, 1n] })))).toThrow()
  })
})

describe('Planner API', () => {
  const t = { address: helper, abi: targetAbi } as const
  const stateAbi = parseAbi([
    'function replace(bytes[] state) returns (bytes[])',
    'function replaceTwo(bytes[] state) returns (bytes[], uint256)',
    'function notState(bytes[] state) returns (bytes32[])',
    'function runWrongTypes(bytes[] commands, bytes[] state)',
    'function runTwo(bytes32[] a, bytes32[] b, bytes[] state)',
    'function runStates(bytes32[] a, bytes[] s1, bytes[] s2)',
    'function runUint(bytes32[] a, bytes[] s) returns (uint256)',
    'function runMany(bytes32[] a, bytes[] s) returns (bytes[], bytes[])',
  ])
  const s = { address: helper, abi: stateAbi } as const

  test('add records a call command with a handle typed by the single output; void and multi-output handles have no type', () => {
    const planner = new Planner()
    const a = planner.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }))
    const none = planner.add(functionCall({ ...t, functionName: 'run', args: [[], []] }))
    const two = planner.add(functionCall({ ...t, functionName: 'two' }))
    const raw = planner.add(functionCall({ ...t, functionName: 'two' }).rawValue())
    expect(planner.commands.map((c) => [c.kind, c.replacesState])).toEqual([['call', false], ['call', false], ['call', false], ['call', false]])
    expect(planner.commands.map((c) => c.returnValue)).toEqual([a, none, two, raw])
    expect(planner.commands.map((c) => c.returnValue)).toHaveLength(4)
    expect(a.param).toEqual({ type: 'uint256' })
    expect(a.command).toBe(planner.commands[0])
    expect(none.param).toBeUndefined()
    expect(two.param).toBeUndefined()
    expect(raw.param).toEqual({ type: 'bytes' })
    expect(planner.add(rawCall({ address: helper, data: '0x01' })).param).toBeUndefined()
    expect(planner.add(rawCall({ address: helper, data: '0x01' }).rawValue()).param).toEqual({ type: 'bytes' })
    expect(() => planner.add(functionCall({ ...t, functionName: 'run', args: [new Planner(), planner.state] }))).toThrowErrorMatchingInlineSnapshot(
      `[InvalidPlannerCallError: Cannot plan a call to run(bytes32[],bytes[]): subplan arguments need addSubplan.]`,
    )
  })

  test('addSubplan: exactly one subplan and one state, never itself, returning bytes[] (replaces the state) or nothing', () => {
    const planner = new Planner()
    const sub = new Planner()
    planner.addSubplan(functionCall({ ...t, functionName: 'run', args: [sub, planner.state] }))
    planner.addSubplan(functionCall({ ...t, functionName: 'execute', args: [new Planner(), planner.state] }))
    expect(planner.commands.map((c) => [c.kind, c.replacesState, c.returnValue])).toEqual([['subplan', false, undefined], ['subplan', true, undefined]])
    const bad = (call: ReturnType<typeof functionCall>) => () => planner.addSubplan(call)
    expect(bad(functionCall({ ...s, functionName: 'runTwo', args: [sub, new Planner(), planner.state] }))).toThrow('exactly one subplan and one planner.state')
    expect(bad(functionCall({ ...s, functionName: 'runStates', args: [sub, planner.state, planner.state] }))).toThrow('exactly one subplan and one planner.state')
    expect(bad(functionCall({ ...t, functionName: 'run', args: [sub, []] }))).toThrow('exactly one subplan and one planner.state')
    expect(bad(functionCall({ ...t, functionName: 'run', args: [[], planner.state] }))).toThrow('exactly one subplan and one planner.state')
    expect(bad(functionCall({ ...t, functionName: 'run', args: [planner, planner.state] }))).toThrowErrorMatchingInlineSnapshot(
      `[InvalidPlannerCallError: Cannot plan a call to run(bytes32[],bytes[]): a planner cannot be its own subplan.]`,
    )
    expect(bad(functionCall({ ...s, functionName: 'runUint', args: [sub, planner.state] }))).toThrow('a subplan call must return bytes[] or nothing')
    expect(bad(functionCall({ ...s, functionName: 'runMany', args: [sub, planner.state] }))).toThrow('a subplan call must return bytes[] or nothing')
    expect(planner.commands).toHaveLength(2)
  })

  test('replaceState: needs a function returning exactly bytes[], not as raw value, without subplans', () => {
    const planner = new Planner()
    planner.replaceState(functionCall({ ...s, functionName: 'replace', args: [planner.state] }))
    expect(planner.commands.map((c) => [c.kind, c.replacesState, c.returnValue])).toEqual([['replaceState', true, undefined]])
    const err = 'replaceState needs a function returning bytes[]'
    expect(() => planner.replaceState(functionCall({ ...s, functionName: 'replaceTwo', args: [planner.state] }))).toThrow(err)
    expect(() => planner.replaceState(functionCall({ ...s, functionName: 'notState', args: [planner.state] }))).toThrow(err)
    expect(() => planner.replaceState(functionCall({ ...s, functionName: 'replace', args: [planner.state] }).rawValue())).toThrow(err)
    expect(() => planner.replaceState(functionCall({ ...t, functionName: 'run', args: [[], []] }))).toThrow(err)
    expect(() => planner.replaceState(rawCall({ address: helper, data: '0x' }))).toThrow(err)
    const subAbi = parseAbi(['function runReplace(bytes32[] c, bytes[] s) returns (bytes[])'])
    expect(() => planner.replaceState(functionCall({ address: helper, abi: subAbi, functionName: 'runReplace', args: [new Planner(), planner.state] }))).toThrow('subplan arguments need addSubplan')
    expect(planner.commands).toHaveLength(1)
    // The state returned replaces it: output byte 0xfe, the state argument 0xfe.
    expect(planner.plan().commands).toEqual([`${toFunctionSelector('replace(bytes[])').slice(0, 10)}01fefffffffffffe${helper.slice(2)}`])
  })

  test('sweeps: any case finds one, the last declaration wins, a parent keeps its own over a subplan\'s', () => {
    const first = () => ({}) as ReturnValue
    const second = () => ({}) as ReturnValue
    const other = () => ({}) as ReturnValue
    const planner = new Planner()
    expect(planner.sweepOf(token)).toBeUndefined()
    expect(planner.tokensWithSweep).toEqual([])
    planner.setSweep(vault, first)
    planner.setSweep(token.toUpperCase().replace('0X', '0x') as Address, second)
    planner.setSweep(vault.toLowerCase() as Address, other)
    expect(planner.sweepOf(vault)).toBe(other)
    expect(planner.sweepOf(token)).toBe(second)
    expect(planner.tokensWithSweep).toEqual([vault.toLowerCase(), token.toLowerCase()])

    const sub = new Planner()
    sub.setSweep(vault, first)
    sub.setSweep(receiver, first)
    planner.addSubplan(functionCall({ ...t, functionName: 'run', args: [sub, planner.state] }))
    expect(planner.sweepOf(vault)).toBe(other)
    expect(planner.sweepOf(receiver)).toBe(first)
    expect(planner.tokensWithSweep).toEqual([vault.toLowerCase(), token.toLowerCase(), receiver.toLowerCase()])
  })

  test('keep: root-level handles only, each once, in keep order', () => {
    const planner = new Planner()
    const a = planner.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }))
    const b = planner.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [vault] }))
    planner.keep(b)
    planner.keep(a)
    planner.keep(b)
    expect(planner.kept).toEqual([b, a])
    const { keptSlots, state } = planner.plan()
    expect(keptSlots).toEqual([3, 1])
    expect(state).toEqual([`0x${token.slice(2).padStart(64, '0')}`, '0x', `0x${vault.slice(2).padStart(64, '0')}`, '0x'])
    const sub = new Planner()
    const inner = sub.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }))
    planner.addSubplan(functionCall({ ...t, functionName: 'execute', args: [sub, planner.state] }))
    expect(() => planner.keep(inner)).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to keep: the handle is not a root-level result of this planner.]`)
  })
})
