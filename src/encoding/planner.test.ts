import { type Address, erc20Abi, parseAbi, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { functionCall, rawCall } from './call.js'
import { Planner } from './planner.js'
import { maxStateSlots } from './commandFormat.js'
import type { ReturnValue } from './value.js'

const token: Address = '0x1111111111111111111111111111111111111111'
const vault: Address = '0x2222222222222222222222222222222222222222'
const receiver: Address = '0x3333333333333333333333333333333333333333'
const helper: Address = '0x4444444444444444444444444444444444444444'
const AMOUNT = 10n ** 18n

const vaultAbi = parseAbi(['function deposit(uint256 assets) returns (uint256 shares)'])
const mathAbi = parseAbi(['function add(uint256 a, uint256 b) pure returns (uint256)', 'function isEqual(uint256 a, uint256 b) pure returns (bool)'])
const targetAbi = parseAbi([
  'function balanceOfCaller(address token) view returns (uint256)',
  'function sum(uint256[] values) pure returns (uint256)',
  'function pairSum((uint256 a, uint256 b) pair) pure returns (uint256)',
  'function concat(bytes a, bytes b) pure returns (bytes)',
  'function joinLabels((uint256 amount, bytes label)[] items) pure returns (uint256 total, bytes joined)',
  'function sum8(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g, uint256 h) pure returns (uint256)',
  'function pay() payable returns (uint256)',
  'function execute(bytes32[] commands, bytes[] state) payable returns (bytes[])',
  'function run(bytes32[] commands, bytes[] state)',
  'function two() pure returns (uint256, uint256)',
])

describe('Planner golden encodings', () => {
  test('approve + deposit + transfer (the reference example)', () => {
    const planner = new Planner()
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'approve', args: [vault, AMOUNT] }))
    planner.add(functionCall({ address: vault, abi: vaultAbi, functionName: 'deposit', args: [AMOUNT] }))
    planner.add(functionCall({ address: vault, abi: erc20Abi, functionName: 'transfer', args: [receiver, AMOUNT] }))
    expect(planner.plan()).toEqual({
      commands: [
        '0x095ea7b3010001ffffffffff1111111111111111111111111111111111111111',
        '0xb6b55f250101ffffffffffff2222222222222222222222222222222222222222',
        '0xa9059cbb010201ffffffffff2222222222222222222222222222222222222222',
      ],
      state: [
        '0x0000000000000000000000002222222222222222222222222222222222222222',
        '0x0000000000000000000000000000000000000000000000000de0b6b3a7640000',
        '0x0000000000000000000000003333333333333333333333333333333333333333',
      ],
    })
  })

  test('a return value feeds a later call (staticcall balance → transfer)', () => {
    const planner = new Planner()
    const balance = planner.add(functionCall({ address: helper, abi: targetAbi, functionName: 'balanceOfCaller', args: [token] }).staticcall())
    planner.add(functionCall({ address: token, abi: erc20Abi, functionName: 'transfer', args: [receiver, balance] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1851044a0200ffffffffff014444444444444444444444444444444444444444",
          "0xa9059cbb010201ffffffffff1111111111111111111111111111111111111111",
        ],
        "state": [
          "0x0000000000000000000000001111111111111111111111111111111111111111",
          "0x",
          "0x0000000000000000000000003333333333333333333333333333333333333333",
        ],
      }
    `)
  })

  test('return-value slots are reused after their last reader', () => {
    const planner = new Planner()
    const math = { address: helper, abi: mathAbi } as const
    const x = planner.add(functionCall({ ...math, functionName: 'add', args: [1n, 2n] }).staticcall())
    const y = planner.add(functionCall({ ...math, functionName: 'add', args: [x, 3n] }).staticcall())
    const z = planner.add(functionCall({ ...math, functionName: 'add', args: [y, 4n] }).staticcall())
    planner.add(functionCall({ ...math, functionName: 'isEqual', args: [z, 10n] }).staticcall())
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x771602f7020001ffffffff024444444444444444444444444444444444444444",
          "0x771602f7020203ffffffff024444444444444444444444444444444444444444",
          "0x771602f7020204ffffffff024444444444444444444444444444444444444444",
          "0x3ced224a020205ffffffffff4444444444444444444444444444444444444444",
        ],
        "state": [
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x0000000000000000000000000000000000000000000000000000000000000002",
          "0x",
          "0x0000000000000000000000000000000000000000000000000000000000000003",
          "0x0000000000000000000000000000000000000000000000000000000000000004",
          "0x000000000000000000000000000000000000000000000000000000000000000a",
        ],
      }
    `)
  })

  test('a subplan\'s command indices never free a root slot early (its readers are counted at the root)', () => {
    const planner = new Planner()
    const math = { address: helper, abi: mathAbi } as const
    const a = planner.add(functionCall({ ...math, functionName: 'add', args: [1n, 2n] }).staticcall())
    const sub = new Planner()
    for (let k = 0; k < 4; k++) sub.add(functionCall({ ...math, functionName: 'add', args: [7n, 7n] }).staticcall())
    planner.addSubplan(functionCall({ address: helper, abi: targetAbi, functionName: 'execute', args: [sub, planner.state] }))
    const b = planner.add(functionCall({ ...math, functionName: 'add', args: [5n, 6n] }).staticcall())
    planner.add(functionCall({ ...math, functionName: 'add', args: [a, b] }).staticcall())
    const { commands } = planner.plan()
    // Root commands: a, execute, b, add(a, b); `b` must not take `a`'s slot, which is read after it.
    const [outA, outB] = [commands[0]!, commands[2]!].map((w) => w.slice(24, 26))
    expect(outB).not.toBe(outA)
    expect(commands[3]!.slice(12, 16)).toBe(`${outA}${outB}`)
  })

  test('value call, raw calldata call, raw tuple return, extended command', () => {
    const planner = new Planner()
    const t = { address: helper, abi: targetAbi } as const
    const paid = planner.add(functionCall({ ...t, functionName: 'pay' }).withValue(5n))
    planner.add(rawCall({ address: receiver, data: '0x' }).withValue(paid))
    const raw = planner.add(functionCall({ ...t, functionName: 'two' }).rawValue().staticcall())
    planner.add(functionCall({ ...t, functionName: 'concat', args: [raw, '0x1234'] }))
    planner.add(functionCall({ ...t, functionName: 'sum8', args: [1n, 2n, 3n, 4n, 5n, 6n, 7n, paid] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1b9265b80300ffffffffff014444444444444444444444444444444444444444",
          "0x00000000230102ffffffffff3333333333333333333333333333333333333333",
          "0x5fdf05d782ffffffffffff834444444444444444444444444444444444444444",
          "0x5f3376f3018384ffffffffff4444444444444444444444444444444444444444",
          "0xecce14af41000000000000ff4444444444444444444444444444444444444444",
          "0x0506070800090a01ffffffffffffffffffffffffffffffffffffffffffffffff",
        ],
        "state": [
          "0x0000000000000000000000000000000000000000000000000000000000000005",
          "0x",
          "0x",
          "0x",
          "0x00000000000000000000000000000000000000000000000000000000000000021234000000000000000000000000000000000000000000000000000000000000",
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x0000000000000000000000000000000000000000000000000000000000000002",
          "0x0000000000000000000000000000000000000000000000000000000000000003",
          "0x0000000000000000000000000000000000000000000000000000000000000004",
          "0x0000000000000000000000000000000000000000000000000000000000000006",
          "0x0000000000000000000000000000000000000000000000000000000000000007",
        ],
      }
    `)
  })

  test('arrays and tuples holding handles use the 0xfd/0xfc … 0xfb markers; static tuple literals are expanded', () => {
    const planner = new Planner()
    const t = { address: helper, abi: targetAbi } as const
    const a = planner.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }).staticcall())
    planner.add(functionCall({ ...t, functionName: 'sum', args: [[a, 5n]] }))
    planner.add(functionCall({ ...t, functionName: 'sum', args: [[5n, 6n]] }))
    planner.add(functionCall({ ...t, functionName: 'pairSum', args: [{ a: 1n, b: 2n }] }))
    planner.add(functionCall({ ...t, functionName: 'joinLabels', args: [[{ amount: a, label: '0xabcd' }]] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1851044a0200ffffffffff014444444444444444444444444444444444444444",
          "0x0194db8e01fd0102fbffffff4444444444444444444444444444444444444444",
          "0x0194db8e0183ffffffffffff4444444444444444444444444444444444444444",
          "0x3aa91bae01fc0405fbffffff4444444444444444444444444444444444444444",
          "0xc9946c3701fdfc0186fbfbff4444444444444444444444444444444444444444",
        ],
        "state": [
          "0x0000000000000000000000001111111111111111111111111111111111111111",
          "0x",
          "0x0000000000000000000000000000000000000000000000000000000000000005",
          "0x000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000050000000000000000000000000000000000000000000000000000000000000006",
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x0000000000000000000000000000000000000000000000000000000000000002",
          "0x0000000000000000000000000000000000000000000000000000000000000002abcd000000000000000000000000000000000000000000000000000000000000",
        ],
      }
    `)
  })

  test('subplan: commands as a bytes32[] literal, the state as 0xfe, bytes[] result replaces the state', () => {
    const sub = new Planner()
    const planner = new Planner()
    const t = { address: helper, abi: targetAbi } as const
    const outer = planner.add(functionCall({ ...t, functionName: 'balanceOfCaller', args: [token] }).staticcall())
    const inner = sub.add(functionCall({ ...t, functionName: 'sum', args: [[outer, 1n]] }))
    planner.addSubplan(functionCall({ ...t, functionName: 'execute', args: [sub, planner.state] }))
    planner.add(functionCall({ ...t, functionName: 'sum', args: [[inner]] }))
    expect(planner.plan()).toMatchInlineSnapshot(`
      {
        "commands": [
          "0x1851044a0200ffffffffff014444444444444444444444444444444444444444",
          "0xde792d5f0184fefffffffffe4444444444444444444444444444444444444444",
          "0x0194db8e01fd03fbffffffff4444444444444444444444444444444444444444",
        ],
        "state": [
          "0x0000000000000000000000001111111111111111111111111111111111111111",
          "0x",
          "0x0000000000000000000000000000000000000000000000000000000000000001",
          "0x",
          "0x00000000000000000000000000000000000000000000000000000000000000010194db8e01fd0102fbffff034444444444444444444444444444444444444444",
        ],
      }
    `)
  })
})

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
