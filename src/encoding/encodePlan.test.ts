/**
 * `encodePlan` against an independent reference: a TypeScript port of our VM's interpreter
 * (`contracts/router/WeirollVM.sol` + `WeirollCommandBuilder.sol`) runs each plan over mock targets, and
 * every call it makes is decoded with viem and compared with the arguments the plan meant to pass.
 */
import fc from 'fast-check'
import {
  type AbiFunction,
  type Address,
  type Hex,
  concatHex,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  getAddress,
  hexToBigInt,
  keccak256,
  numberToHex,
  parseAbi,
  size,
  sliceHex,
  toFunctionSelector,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidPlannerCallError, InvalidReturnValueUseError, TooManyArgumentsError, TooManyStateSlotsError } from '../errors/encoding.js'
import { type Call, functionCall, rawCall } from './call.js'
import { commandFlags, indexBytes, maxStateSlots } from './commandFormat.js'
import { Planner } from './planner.js'
import type { ReturnValue } from './value.js'
import { runWeirollVm, WeirollVmError as VmError, type WeirollVmCall } from './testing/runWeirollVm.js'

// ---------------------------------------------------------------------------------------------------------
// Reference VM (encoding/testing/runWeirollVm.ts) over mock targets.
// ---------------------------------------------------------------------------------------------------------

type VmCall = WeirollVmCall
/** A mock contract: returns the return data of a call. */
type Target = (call: VmCall, world: World) => Hex
type World = { targets: Map<string, Target>; log: VmCall[] }

const word = (n: bigint | number): Hex => numberToHex(BigInt(n), { size: 32 })

function runVm(commands: readonly Hex[], initial: readonly Hex[], world: World): Hex[] {
  return runWeirollVm({ commands, state: initial }, (call) => {
    world.log.push(call)
    const handler = world.targets.get(call.target.toLowerCase())
    if (!handler) throw new VmError(`no code at ${call.target}`)
    return handler(call, world)
  })
}

// ---------------------------------------------------------------------------------------------------------
// Mock targets: deterministic results derived from the calldata, so the expected value of every handle is
// computable without the VM.
// ---------------------------------------------------------------------------------------------------------

const targetAbi = parseAbi([
  'function u2(uint256 a, uint256 b) returns (uint256)',
  'function who(address account, uint256 amount) returns (uint256)',
  'function arr(uint256[] values) returns (uint256)',
  'function fixed3(uint256[3] values) returns (uint256)',
  'function pair((uint256 a, uint256 b) pair) returns (uint256)',
  'function nested((uint256 a, (uint256 x, uint256 y) inner) outer) returns (uint256)',
  'function blob(bytes data, uint256 n) returns (bytes)',
  'function text(string s) returns (string)',
  'function labels((uint256 amount, bytes label)[] items) returns (uint256)',
  'function labeled((uint256 amount, bytes label) item) returns (bytes)',
  'function flipped((bytes label, uint256 amount) item) returns (bytes)',
  'function labelsOut(uint256 a) returns ((uint256 amount, bytes label)[])',
  'function blobs(bytes[] items) returns (uint256)',
  'function wide(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f, uint256 g, uint256 h) returns (uint256)',
  'function two(uint256 a) returns (uint256, uint256)',
  'function tupleOut(uint256 a) returns ((uint256 x, uint256 y))',
  'function dynTuple(uint256 a) returns ((uint256 x, bytes y))',
  'function fixedOut(uint256 a) returns (uint256[2])',
  'function wordsOut(uint256 a) returns (uint256[])',
  'function sink(uint256 a)',
  'function pay() payable returns (uint256)',
  'function mixed(bytes32 tag, bool flag, int256 delta, uint8 small) returns (bytes32)',
  'function execute(bytes32[] commands, bytes[] state) returns (bytes[])',
  'function run(bytes32[] commands, bytes[] state)',
  'function runThenOne(bytes32[] commands, bytes[] state) returns (uint256)',
  'function takeState(bytes[] state) returns (uint256)',
  'function stateInTuple((uint256 tag, bytes[] state) wrapped) returns (uint256)',
  'function planField((uint256 plan, uint256 addSubplan) fields) returns (uint256)',
  'function executeWith(bytes32[] commands, bytes[] state, uint256 extra) returns (bytes[])',
])
const fnByName = new Map<string, AbiFunction>(targetAbi.map((f) => [f.name, f as AbiFunction]))

const TARGET: Address = '0x4444444444444444444444444444444444444444'
const OTHER: Address = '0x5555555555555555555555555555555555555555'
const RECEIVER: Address = '0x3333333333333333333333333333333333333333'

/** The value a mock function returns for some decoded arguments (pseudo-random, from the calldata). */
function mockResult(fn: AbiFunction, data: Hex): unknown[] {
  const h = keccak256(data)
  const n = hexToBigInt(h) >> 128n
  const bytes = sliceHex(keccak256(h), 0, Number(n % 33n)) // 0..32 bytes
  switch (fn.name) {
    case 'blob':
    case 'labeled':
      return [size(bytes) === 0 ? '0x' : bytes]
    case 'text':
      return [`s${n % 1000n}`]
    case 'two':
      return [n, n + 1n]
    case 'tupleOut':
      return [{ x: n, y: n + 1n }]
    case 'labelsOut':
      return [[{ amount: n, label: bytes }]]
    case 'dynTuple':
      return [{ x: n, y: bytes }]
    case 'fixedOut':
      return [[n, n + 2n]]
    case 'wordsOut':
      return [[n]]
    case 'mixed':
      return [h]
    case 'sink':
    case 'run':
      return []
    default:
      return [n]
  }
}

function mockTarget(call: VmCall, world: World): Hex {
  if (call.data === '0x') return '0x' // plain native transfer
  const { functionName, args } = decodeFunctionData({ abi: targetAbi, data: call.data })
  const fn = fnByName.get(functionName)!
  if (functionName === 'pay') return encodeFunctionResult({ abi: targetAbi, functionName: 'pay', result: call.value })
  if (functionName === 'execute' || functionName === 'run' || functionName === 'runThenOne') {
    const [commands, state] = args as [Hex[], Hex[]]
    const final = runVm(commands, state, world)
    if (functionName === 'run') return '0x'
    if (functionName === 'runThenOne') return word(7n)
    return encodeAbiParameters([{ type: 'bytes[]' }], [final])
  }
  const result = mockResult(fn, call.data)
  return result.length === 0 ? '0x' : encodeAbiParameters(fn.outputs, result)
}

function newWorld(): World {
  const targets = new Map<string, Target>()
  for (const a of [TARGET, OTHER, RECEIVER]) targets.set(a.toLowerCase(), mockTarget)
  return { targets, log: [] }
}

/** Runs `planner.plan()` on the reference VM; returns the decoded calls and the final state. */
function execute(planner: Planner): { calls: { target: Address; functionName: string; args: readonly unknown[]; value: bigint; isStatic: boolean; data: Hex }[]; state: Hex[]; keptSlots: number[] | undefined } {
  const { commands, state, keptSlots } = planner.plan()
  const world = newWorld()
  const final = runVm(commands, state, world)
  const calls = world.log.map((c) => {
    if (c.data === '0x' || !targetAbi.some((f) => toFunctionSelector(f as AbiFunction) === sliceHex(c.data, 0, 4))) {
      return { target: c.target, functionName: '', args: [], value: c.value, isStatic: c.isStatic, data: c.data }
    }
    const { functionName, args } = decodeFunctionData({ abi: targetAbi, data: c.data })
    return { target: c.target, functionName, args: args ?? [], value: c.value, isStatic: c.isStatic, data: c.data }
  })
  return { calls, state: final, keptSlots }
}

// ---------------------------------------------------------------------------------------------------------
// Random plans with expected values.
// ---------------------------------------------------------------------------------------------------------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A handle with the value the mock will produce for it, and its ABI shape. */
type Known = { handle: ReturnValue; value: unknown; kind: 'uint' | 'bytes' | 'string' | 'bytes32' }
/** What a command is expected to receive. */
type Expected = { target: Address; functionName: string; args: unknown[]; value: bigint; isStatic: boolean }

const uintLiterals = [0n, 1n, 2n, 5n, 10n ** 18n, 2n ** 256n - 1n]
const bytesLiterals: Hex[] = ['0x', '0xab', '0xabcd', `0x${'11'.repeat(32)}`, `0x${'22'.repeat(33)}`]
const addresses: Address[] = [RECEIVER, OTHER, '0x00000000000000000000000000000000000000A1']

/** Builds random plans on a planner, recording the expected calls in execution order. */
class PlanBuilder {
  readonly expected: Expected[] = []
  constructor(
    readonly rand: () => number,
    /** Handles visible to the next command, with their values. */
    readonly visible: Known[],
  ) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)]!
  }

  uint(): { arg: unknown; value: bigint } {
    const handles = this.visible.filter((k) => k.kind === 'uint')
    if (handles.length > 0 && this.rand() < 0.5) {
      const k = this.pick(handles)
      return { arg: k.handle, value: k.value as bigint }
    }
    const v = this.pick(uintLiterals)
    return { arg: v, value: v }
  }

  bytes(): { arg: unknown; value: Hex } {
    const handles = this.visible.filter((k) => k.kind === 'bytes')
    if (handles.length > 0 && this.rand() < 0.5) {
      const k = this.pick(handles)
      return { arg: k.handle, value: k.value as Hex }
    }
    const v = this.pick(bytesLiterals)
    return { arg: v, value: v }
  }

  /** Adds a call to `planner` and records its expectation; returns the expected result. */
  add(planner: Planner, name: string, args: { arg: unknown; value: unknown }[], opts: { isStatic?: boolean; raw?: boolean; value?: { arg: bigint | ReturnValue; value: bigint } } = {}): ReturnValue {
    let call: Call = functionCall({ address: TARGET, abi: targetAbi, functionName: name, args: args.map((a) => a.arg) })
    if (opts.value) call = call.withValue(opts.value.arg)
    if (opts.isStatic) call = call.staticcall()
    if (opts.raw) call = call.rawValue()
    const handle = planner.add(call)
    this.expected.push({ target: getAddress(TARGET), functionName: name, args: args.map((a) => a.value), value: opts.value?.value ?? 0n, isStatic: opts.isStatic ?? false })
    return handle
  }

  /** The mock's result for expected call `e`. */
  resultOf(e: Expected): unknown[] {
    const fn = fnByName.get(e.functionName)!
    const data = concatHex([toFunctionSelector(fn), encodeAbiParameters(fn.inputs, e.args)])
    if (e.functionName === 'pay') return [e.value]
    return mockResult(fn, data)
  }

  /** One random command. */
  step(planner: Planner, depth: number): void {
    const r = this.rand()
    const u = () => this.uint()
    const b = () => this.bytes()
    const record = (handle: ReturnValue, kind: Known['kind'], value: (e: Expected) => unknown) => {
      const e = this.expected[this.expected.length - 1]!
      this.visible.push({ handle, kind, value: value(e) })
    }
    const first = (e: Expected) => this.resultOf(e)[0]
    if (r < 0.12) record(this.add(planner, 'u2', [u(), u()], { isStatic: this.rand() < 0.5 }), 'uint', first)
    else if (r < 0.18) {
      const account = this.pick(addresses)
      record(this.add(planner, 'who', [{ arg: account, value: getAddress(account) }, u()]), 'uint', first)
    } else if (r < 0.26) {
      const items = Array.from({ length: Math.floor(this.rand() * 4) }, u)
      record(this.add(planner, 'arr', [{ arg: items.map((i) => i.arg), value: items.map((i) => i.value) }]), 'uint', first)
    } else if (r < 0.31) {
      const items = [u(), u(), u()]
      record(this.add(planner, 'fixed3', [{ arg: items.map((i) => i.arg), value: items.map((i) => i.value) }]), 'uint', first)
    } else if (r < 0.36) {
      const [a, c] = [u(), u()]
      const asArray = this.rand() < 0.3
      record(this.add(planner, 'pair', [{ arg: asArray ? [a.arg, c.arg] : { a: a.arg, b: c.arg }, value: { a: a.value, b: c.value } }]), 'uint', first)
    } else if (r < 0.4) {
      const [a, x, y] = [u(), u(), u()]
      record(this.add(planner, 'nested', [{ arg: { a: a.arg, inner: { x: x.arg, y: y.arg } }, value: { a: a.value, inner: { x: x.value, y: y.value } } }]), 'uint', first)
    } else if (r < 0.48) record(this.add(planner, 'blob', [b(), u()]), 'bytes', first)
    else if (r < 0.52) {
      const strings = this.visible.filter((k) => k.kind === 'string')
      const s = strings.length > 0 && this.rand() < 0.5 ? this.pick(strings) : undefined
      const arg = s ? { arg: s.handle, value: s.value } : { arg: 'hello', value: 'hello' }
      record(this.add(planner, 'text', [arg]), 'string', first)
    } else if (r < 0.57) {
      const items = Array.from({ length: Math.floor(this.rand() * 3) }, () => [u(), b()] as const)
      record(
        this.add(planner, 'labels', [{ arg: items.map(([a, l]) => ({ amount: a.arg, label: l.arg })), value: items.map(([a, l]) => ({ amount: a.value, label: l.value })) }]),
        'uint',
        first,
      )
    } else if (r < 0.61) {
      const [a, l] = [u(), b()]
      record(this.add(planner, 'labeled', [{ arg: { amount: a.arg, label: l.arg }, value: { amount: a.value, label: l.value } }]), 'bytes', first)
    } else if (r < 0.65) {
      // bytes[] of handles and literals; a string handle is accepted where bytes is expected
      const strings = this.visible.filter((k) => k.kind === 'string')
      const items = Array.from({ length: Math.floor(this.rand() * 3) }, () => {
        if (strings.length > 0 && this.rand() < 0.3) {
          const s = this.pick(strings)
          return { arg: s.handle as unknown, value: `0x${Buffer.from(s.value as string).toString('hex')}` as Hex }
        }
        return b()
      })
      record(this.add(planner, 'blobs', [{ arg: items.map((i) => i.arg), value: items.map((i) => i.value) }]), 'uint', first)
    } else if (r < 0.69) record(this.add(planner, 'wide', Array.from({ length: 8 }, u)), 'uint', first)
    else if (r < 0.73) {
      // several return values: kept whole as bytes
      record(this.add(planner, 'two', [u()], { raw: true, isStatic: this.rand() < 0.5 }), 'bytes', (e) => {
        const [x, y] = this.resultOf(e) as [bigint, bigint]
        return encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [x, y])
      })
    } else if (r < 0.76) {
      this.add(planner, 'sink', [u()])
    } else if (r < 0.8) {
      const v = this.uint()
      record(this.add(planner, 'pay', [], { value: { arg: v.arg as bigint | ReturnValue, value: v.value } }), 'uint', (e) => e.value)
    } else if (r < 0.83) {
      const v = this.uint()
      planner.add(rawCall({ address: RECEIVER, data: '0x' }).withValue(v.arg as bigint | ReturnValue))
      this.expected.push({ target: getAddress(RECEIVER), functionName: '', args: [], value: v.value, isStatic: false })
    } else if (r < 0.86) {
      const tags = this.visible.filter((k) => k.kind === 'bytes32')
      const tag = tags.length > 0 && this.rand() < 0.5 ? (() => { const k = this.pick(tags); return { arg: k.handle as unknown, value: k.value } })() : { arg: `0x${'ab'.repeat(32)}`, value: `0x${'ab'.repeat(32)}` }
      const flag = this.rand() < 0.5
      record(this.add(planner, 'mixed', [tag, { arg: flag, value: flag }, { arg: -3n, value: -3n }, { arg: 200, value: 200 }]), 'bytes32', first)
    } else if (r < 0.89) {
      // The whole state as bytes[]; its result depends on the state, so it is not reused.
      this.add(planner, 'takeState', [{ arg: planner.state, value: STATE_ARG }])
    } else if (depth < 2) this.subplan(planner, depth)
    else record(this.add(planner, 'u2', [u(), u()]), 'uint', first)
  }

  /** A subplan run by `execute` (replaces the state) or `run` (does not). */
  subplan(planner: Planner, depth: number): void {
    const sub = new Planner()
    const inner = new PlanBuilder(this.rand, [...this.visible])
    const n = 1 + Math.floor(this.rand() * 3)
    for (let k = 0; k < n; k++) inner.step(sub, depth + 1)
    const replaces = this.rand() < 0.6
    const name = replaces ? 'execute' : 'run'
    planner.addSubplan(functionCall({ address: OTHER, abi: targetAbi, functionName: name, args: [sub, planner.state] }))
    this.expected.push(...inner.expected.map((e) => ({ ...e })))
    this.expected.push({ target: getAddress(OTHER), functionName: name, args: [SUBPLAN_ARG, STATE_ARG], value: 0n, isStatic: false })
    // The subplan's commands run before the call reaches the end of the log: move it in front of them.
    const outer = this.expected.pop()!
    this.expected.splice(this.expected.length - inner.expected.length, 0, outer)
    if (replaces) for (const k of inner.visible.slice(this.visible.length)) this.visible.push(k)
  }
}

const STATE_ARG = Symbol('state')
const SUBPLAN_ARG = Symbol('subplan')

/** Checks every call the VM made against the expectation. */
function checkCalls(planner: Planner, builder: PlanBuilder): ReturnType<typeof execute> {
  const result = execute(planner)
  expect(result.calls.map((c) => c.functionName)).toEqual(builder.expected.map((e) => e.functionName))
  result.calls.forEach((c, i) => {
    const e = builder.expected[i]!
    const label = `call ${i} ${e.functionName}`
    expect(c.target, label).toBe(e.target)
    expect(c.value, label).toBe(e.value)
    expect(c.isStatic, label).toBe(e.isStatic)
    if (e.functionName === '') {
      expect(c.data, label).toBe('0x')
      return
    }
    const args = e.args.map((a, k) => (a === STATE_ARG || a === SUBPLAN_ARG ? c.args[k] : a))
    expect(c.args, label).toEqual(args)
  })
  return result
}

// ---------------------------------------------------------------------------------------------------------

describe('encodePlan on the reference VM', () => {
  test('random plans: every call receives exactly the planned literals and results, kept slots hold their values', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const rand = mulberry32(seed)
        const planner = new Planner()
        const builder = new PlanBuilder(rand, [])
        const n = 1 + Math.floor(rand() * 14)
        for (let k = 0; k < n; k++) builder.step(planner, 0)
        // Keep some root-level handles and read them from the final state.
        const rootHandles = new Set(planner.commands.map((c) => c.returnValue))
        const keepable = builder.visible.filter((k) => rootHandles.has(k.handle) && k.handle.param !== undefined)
        const kept = keepable.filter(() => rand() < 0.3)
        for (const k of kept) planner.keep(k.handle)
        const { state, keptSlots } = checkCalls(planner, builder)
        if (kept.length === 0) expect(keptSlots).toBeUndefined()
        else {
          expect(keptSlots).toHaveLength(kept.length)
          kept.forEach((k, i) => {
            const raw = state[keptSlots![i]!]!
            const param = k.handle.param!
            const decoded = k.kind === 'uint' || k.kind === 'bytes32' ? decodeAbiParameters([param], raw)[0] : decodeAbiParameters([param], concatHex([word(32), raw]))[0]
            expect(decoded).toEqual(k.value)
          })
        }
      }),
      { numRuns: 60 },
    )
  })
})

describe('encodePlan command layout', () => {
  const t = { address: TARGET, abi: targetAbi } as const
  const six = parseAbi(['function six(uint256 a, uint256 b, uint256 c, uint256 d, uint256 e, uint256 f)'])
  const byte = (w: Hex, k: number) => parseInt(w.slice(2 + 2 * k, 4 + 2 * k), 16)

  test('selector | flags | 6 inputs | output | target; 7+ indices go to an extended second word padded with 0xff', () => {
    const planner = new Planner()
    planner.add(functionCall({ address: TARGET, abi: six, functionName: 'six', args: [1n, 2n, 3n, 4n, 5n, 6n] }))
    planner.add(functionCall({ ...t, functionName: 'wide', args: [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n] }).staticcall())
    const { commands, state } = planner.plan()
    expect(commands).toHaveLength(3)
    const [short, ext, indices] = commands as [Hex, Hex, Hex]
    expect(sliceHex(short, 0, 4)).toBe(toFunctionSelector('six(uint256,uint256,uint256,uint256,uint256,uint256)'))
    expect(byte(short, 4)).toBe(commandFlags.call)
    expect(sliceHex(short, 5, 11)).toBe('0x000102030405')
    expect(byte(short, 11)).toBe(indexBytes.endOfArgs)
    expect(sliceHex(short, 12)).toBe(TARGET.toLowerCase())
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
    planner.add(rawCall({ address: TARGET, data: '0xABCD' }))
    planner.add(rawCall({ address: TARGET, data: '0xabcd' }))
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
    const world = newWorld()
    runVm(commands, state, world)
    const decoded = world.log.map((c) => decodeFunctionData({ abi: targetAbi, data: c.data }))
    const resultOf = (i: number) => decodeAbiParameters(fnByName.get(decoded[i]!.functionName)!.outputs, mockTarget(world.log[i]!, newWorld()))
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
    bad('u2', (p) => [p.add(rawCall({ address: TARGET, data: '0x01' })), 1n], /the call returns nothing usable/)
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
  const t = { address: TARGET, abi: targetAbi } as const

  test('the state nested in a tuple is passed whole (0xfe inside 0xfc … 0xfb)', () => {
    const planner = new Planner()
    const h = planner.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] }))
    planner.add(functionCall({ ...t, functionName: 'stateInTuple', args: [{ tag: 9n, state: planner.state }] }))
    planner.add(functionCall({ ...t, functionName: 'stateInTuple', args: [[h, planner.state]] }))
    const { commands, state } = planner.plan()
    expect(sliceHex(commands[1]!, 5, 11)).toBe('0xfc03fefbffff')
    const world = newWorld()
    runVm(commands, state, world)
    const first = decodeFunctionData({ abi: targetAbi, data: world.log[1]!.data }).args![0] as { tag: bigint; state: Hex[] }
    expect(first.tag).toBe(9n)
    // The state as the VM holds it when the call is made: the u2 result is in slot 2.
    const u2Result = hexToBigInt(keccak256(world.log[0]!.data)) >> 128n
    expect(first.state).toEqual([word(1n), word(2n), word(u2Result), word(9n)])
    const second = decodeFunctionData({ abi: targetAbi, data: world.log[2]!.data }).args![0] as { tag: bigint; state: Hex[] }
    expect(second.tag).toBe(u2Result)
  })

  test('structs whose fields are named like planner methods are plain literals; null arguments are refused', () => {
    const planner = new Planner()
    const h = planner.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] }))
    planner.add(functionCall({ ...t, functionName: 'planField', args: [{ plan: 3n, addSubplan: 4n }] }))
    planner.add(functionCall({ ...t, functionName: 'planField', args: [{ plan: h, addSubplan: 4n }] }))
    const { calls } = execute(planner)
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

describe('encodePlan errors', () => {
  const t = { address: TARGET, abi: targetAbi } as const
  const u2 = (p: Planner) => p.add(functionCall({ ...t, functionName: 'u2', args: [1n, 2n] }))

  test('a subplan used twice, a handle used before it is produced', () => {
    const planner = new Planner()
    const sub = new Planner()
    planner.addSubplan(functionCall({ ...t, functionName: 'run', args: [sub, planner.state] }))
    planner.addSubplan(functionCall({ ...t, functionName: 'execute', args: [sub, planner.state] }))
    expect(() => planner.plan()).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to execute(bytes32[],bytes[]): a subplan may appear only once in a plan.]`)

    // The subplan runs during root command 0 but reads the result of root command 1.
    const p = new Planner()
    const s = new Planner()
    p.addSubplan(functionCall({ ...t, functionName: 'run', args: [s, p.state] }))
    const later = u2(p)
    s.add(functionCall({ ...t, functionName: 'u2', args: [later, 1n] }))
    expect(() => p.plan()).toThrow(/the handle is produced later than it is used/)
  })

  test('a plan that contains itself through a subplan is refused at the inner call', () => {
    const root = new Planner()
    const sub = new Planner()
    sub.addSubplan(functionCall({ ...t, functionName: 'run', args: [root, sub.state] }))
    root.addSubplan(functionCall({ ...t, functionName: 'execute', args: [sub, root.state] }))
    expect(() => root.plan()).toThrowErrorMatchingInlineSnapshot(`[InvalidPlannerCallError: Cannot plan a call to run(bytes32[],bytes[]): a subplan may appear only once in a plan.]`)
  })

  test('the call running a subplan cannot take a result the subplan has not produced yet', () => {
    const planner = new Planner()
    const sub = new Planner()
    const inner = u2(sub)
    planner.addSubplan(functionCall({ ...t, functionName: 'executeWith', args: [sub, planner.state, inner] }))
    expect(() => planner.plan()).toThrow(/the handle is produced later than it is used/)
  })

  test('handles through nested subplans: visible only through state-replacing calls', () => {
    // root → execute(mid) → run(inner): inner's results do not leave `run`.
    const root = new Planner()
    const mid = new Planner()
    const inner = new Planner()
    const deep = u2(inner)
    mid.addSubplan(functionCall({ ...t, functionName: 'run', args: [inner, mid.state] }))
    root.addSubplan(functionCall({ ...t, functionName: 'execute', args: [mid, root.state] }))
    root.add(functionCall({ ...t, functionName: 'u2', args: [deep, 1n] }))
    expect(() => root.plan()).toThrow(/inside a subplan whose call does not replace the state/)
    // Sibling subplans: the second reads the first's result through the replaced state.
    const r = new Planner()
    const a = new Planner()
    const b = new Planner()
    const fromA = u2(a)
    b.add(functionCall({ ...t, functionName: 'u2', args: [fromA, 3n] }))
    r.addSubplan(functionCall({ ...t, functionName: 'execute', args: [a, r.state] }))
    r.addSubplan(functionCall({ ...t, functionName: 'run', args: [b, r.state] }))
    const world = newWorld()
    const { commands, state } = r.plan()
    runVm(commands, state, world)
    const calls = world.log.map((c) => decodeFunctionData({ abi: targetAbi, data: c.data }))
    expect(calls.map((c) => c.functionName)).toEqual(['execute', 'u2', 'run', 'u2'])
    expect(calls[3]!.args![0]).toBe(hexToBigInt(keccak256(world.log[1]!.data)) >> 128n)
  })

  test('arguments that cannot hold what is given', () => {
    const bad = (build: (p: Planner) => void, reason: RegExp | string) => {
      const p = new Planner()
      build(p)
      expect(() => p.plan()).toThrow(InvalidPlannerCallError)
      expect(() => p.plan()).toThrow(reason)
    }
    bad((p) => p.add(functionCall({ ...t, functionName: 'arr', args: [p.state] })), 'planner.state needs a bytes[] parameter, not uint256[]')
    const wrongSub = parseAbi(['function runBytes(bytes[] commands, bytes[] state)'])
    bad((p) => p.addSubplan(functionCall({ address: TARGET, abi: wrongSub, functionName: 'runBytes', args: [new Planner(), p.state] })), 'a subplan needs a bytes32[] parameter, not bytes[]')
    bad((p) => p.add(functionCall({ ...t, functionName: 'arr', args: [{ 0: u2(p) }] })), 'uint256[] needs an array')
    bad((p) => p.add(functionCall({ ...t, functionName: 'fixed3', args: [[u2(p), 1n]] })), 'uint256[3] needs 3 elements')
    bad((p) => p.add(functionCall({ ...t, functionName: 'fixed3', args: [{ 0: u2(p), 1: 1n, 2: 2n }] })), 'uint256[3] needs 3 elements')
    bad((p) => p.add(functionCall({ ...t, functionName: 'pair', args: [[u2(p)]] })), 'tuple arity mismatch')
    bad((p) => p.add(functionCall({ ...t, functionName: 'pair', args: [[u2(p), 1n, 2n]] })), 'tuple arity mismatch')
    bad((p) => p.add(functionCall({ ...t, functionName: 'u2', args: [[u2(p)], 1n] })), 'a handle cannot be nested inside uint256')
    bad((p) => p.add(functionCall({ ...t, functionName: 'blob', args: [{ x: u2(p) }, 1n] })), 'a handle cannot be nested inside bytes')
    bad((p) => p.add(functionCall({ ...t, functionName: 'u2', args: ['abc', 1n] })), 'cannot encode abc as uint256')
    const p = new Planner()
    p.add(functionCall({ ...t, functionName: 'u2', args: [-1n, 1n] }))
    const error = (() => {
      try {
        p.plan()
      } catch (e) {
        return e as InvalidPlannerCallError
      }
    })()
    expect(error?.cause).toBeDefined()
    expect(String(error?.message)).toContain('cannot encode -1 as uint256')
  })

  test('missing pieces of a value call or a handle fail loudly, never silently as zero', () => {
    const p = new Planner()
    const nothing = p.add(functionCall({ ...t, functionName: 'sink', args: [1n] }))
    p.add(functionCall({ ...t, functionName: 'pay' }).withValue(nothing))
    expect(() => p.plan()).toThrow(InvalidReturnValueUseError)
  })
})
