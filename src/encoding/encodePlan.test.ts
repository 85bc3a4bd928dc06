/**
 * `encodePlan` against an independent reference: a TypeScript port of our VM's interpreter
 * (`contracts/router/WeirollVM.sol` + `WeirollCommandBuilder.sol`, in `testing/runWeirollVm.ts`) runs random
 * plans over mock targets, and every call it makes is decoded with viem and compared with the arguments the
 * plan meant to pass. The command layout, edge cases and refusals are in `encodePlanCommandLayout.test.ts`
 * and `encodePlanErrors.test.ts`.
 */
import fc from 'fast-check'
import { type Address, type Hex, concatHex, decodeAbiParameters, encodeAbiParameters, getAddress, numberToHex, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { type Call, functionCall, rawCall } from './call.js'
import { Planner } from './planner.js'
import { MOCK_OTHER, MOCK_RECEIVER, MOCK_TARGET } from './testing/createMockWorld.js'
import { mockResult } from './testing/mockResult.js'
import { mockTargetAbi, mockTargetFunctions } from './testing/mockTargetAbi.js'
import { runPlanOnMocks, type RunPlanOnMocksReturnType } from './testing/runPlanOnMocks.js'
import type { ReturnValue } from './value.js'

const word = (n: bigint | number): Hex => numberToHex(BigInt(n), { size: 32 })

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
const addresses: Address[] = [MOCK_RECEIVER, MOCK_OTHER, '0x00000000000000000000000000000000000000A1']

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
    let call: Call = functionCall({ address: MOCK_TARGET, abi: mockTargetAbi, functionName: name, args: args.map((a) => a.arg) })
    if (opts.value) call = call.withValue(opts.value.arg)
    if (opts.isStatic) call = call.staticcall()
    if (opts.raw) call = call.rawValue()
    const handle = planner.add(call)
    this.expected.push({ target: getAddress(MOCK_TARGET), functionName: name, args: args.map((a) => a.value), value: opts.value?.value ?? 0n, isStatic: opts.isStatic ?? false })
    return handle
  }

  /** The mock's result for expected call `e`. */
  resultOf(e: Expected): unknown[] {
    const fn = mockTargetFunctions.get(e.functionName)!
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
      planner.add(rawCall({ address: MOCK_RECEIVER, data: '0x' }).withValue(v.arg as bigint | ReturnValue))
      this.expected.push({ target: getAddress(MOCK_RECEIVER), functionName: '', args: [], value: v.value, isStatic: false })
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
    planner.addSubplan(functionCall({ address: MOCK_OTHER, abi: mockTargetAbi, functionName: name, args: [sub, planner.state] }))
    this.expected.push(...inner.expected.map((e) => ({ ...e })))
    this.expected.push({ target: getAddress(MOCK_OTHER), functionName: name, args: [SUBPLAN_ARG, STATE_ARG], value: 0n, isStatic: false })
    // The subplan's commands run before the call reaches the end of the log: move it in front of them.
    const outer = this.expected.pop()!
    this.expected.splice(this.expected.length - inner.expected.length, 0, outer)
    if (replaces) for (const k of inner.visible.slice(this.visible.length)) this.visible.push(k)
  }
}

const STATE_ARG = Symbol('state')
const SUBPLAN_ARG = Symbol('subplan')

/** Checks every call the VM made against the expectation. */
function checkCalls(planner: Planner, builder: PlanBuilder): RunPlanOnMocksReturnType {
  const result = runPlanOnMocks(planner)
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
