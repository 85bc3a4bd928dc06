/**
 * `encodePlan`'s refusals: subplans used twice or containing themselves, handles used before they are
 * produced or outside the subplan that made them, arguments that cannot hold what is given, and missing
 * pieces that must never encode as zero. Plans that are accepted run on the reference VM
 * (`testing/runWeirollVm.ts`) over mock targets.
 */
import { decodeFunctionData, hexToBigInt, keccak256, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import { InvalidPlannerCallError, InvalidReturnValueUseError } from '../errors/encoding.js'
import { functionCall } from './call.js'
import { Planner } from './planner.js'
import { createMockWorld, MOCK_TARGET } from './testing/createMockWorld.js'
import { mockTargetAbi } from './testing/mockTargetAbi.js'
import { runOnMockWorld } from './testing/runOnMockWorld.js'

describe('encodePlan errors', () => {
  const t = { address: MOCK_TARGET, abi: mockTargetAbi } as const
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
    const world = createMockWorld()
    const { commands, state } = r.plan()
    runOnMockWorld(commands, state, world)
    const calls = world.log.map((c) => decodeFunctionData({ abi: mockTargetAbi, data: c.data }))
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
    bad((p) => p.addSubplan(functionCall({ address: MOCK_TARGET, abi: wrongSub, functionName: 'runBytes', args: [new Planner(), p.state] })), 'a subplan needs a bytes32[] parameter, not bytes[]')
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
