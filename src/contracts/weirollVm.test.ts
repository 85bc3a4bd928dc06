/** The executor's weiroll VM, run through the router: argument markers, outputs, failures, subplans. */
import { type Address, type Hex, toFunctionSelector, decodeAbiParameters, decodeFunctionResult, zeroHash } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Planner, encodeRouteMulti, encodeRouteSingle, functionCall, rawCall, type ReturnValue } from '../encoding/index.js'
import { switchyardCheckHelperAbi, switchyardMathHelperAbi, switchyardRouterAbi } from './generated/abis.js'
import { mockVmTargetAbi, weirollRunnerAbi } from './generated/testAbis.js'
import { type ContractsTestEnv, expectRevert, setupContractsTestEnv } from './testing/contractsTestEnv.js'

let env: ContractsTestEnv
let target: Address
let runner: Address
beforeAll(async () => {
  env = await setupContractsTestEnv()
  target = await env.deploy('MockVmTarget')
  runner = await env.deploy('WeirollRunner')
})
afterAll(async () => {
  await env?.stop()
})

const t = () => ({ address: target, abi: mockVmTargetAbi }) as const

/** Adds an on-chain assertion `value == expected`. */
function assertEq(planner: Planner, value: ReturnValue, expected: bigint): void {
  const eq = planner.add(functionCall({ address: env.contracts.helpers.check, abi: switchyardCheckHelperAbi, functionName: 'isEqual', args: [value, expected] }).staticcall())
  planner.add(functionCall({ address: env.contracts.helpers.check, abi: switchyardCheckHelperAbi, functionName: 'check', args: [eq] }).staticcall())
}

/** Runs the plan through routeMulti([]) with eth_call and returns the final state. */
async function run(planner: Planner, value = 0n): Promise<readonly Hex[]> {
  const shortcut = { accountId: zeroHash, requestId: zeroHash, ...planner.plan() }
  const tx = value ? encodeRouteSingle({ tokenIn: { type: 'native', amount: value }, shortcut }) : encodeRouteMulti({ tokensIn: [], shortcut })
  const { data } = await env.client.call({ account: env.accounts.user, to: env.contracts.router, data: tx.data, value })
  const response = decodeFunctionResult({ abi: switchyardRouterAbi, functionName: 'routeMulti', data: data! })
  return decodeAbiParameters([{ type: 'bytes[]' }], response)[0]
}

describe('weiroll VM', () => {
  test('dynamic arrays, static and fixed tuples, handles inside them', async () => {
    const planner = new Planner()
    const seven = planner.add(functionCall({ address: env.contracts.helpers.math, abi: switchyardMathHelperAbi, functionName: 'add', args: [3n, 4n] }).staticcall())
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'sum', args: [[seven, 5n, seven]] })), 19n)
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'sum', args: [[1n, 2n]] })), 3n)
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'sum', args: [[]] })), 0n)
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'pairSum', args: [{ a: 10n, b: seven }] })), 17n)
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'pairSum', args: [{ a: 10n, b: 20n }] })), 30n)
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'fixedSum', args: [[1n, seven, 100n]] })), 108n)
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'totalLength', args: [['0x01', '0x0203', '0x']] })), 3n)
    await run(planner)
  })

  test('bytes arguments and outputs, arrays of dynamic tuples, raw tuple return + extractUint', async () => {
    const planner = new Planner()
    const seven = planner.add(functionCall({ address: env.contracts.helpers.math, abi: switchyardMathHelperAbi, functionName: 'add', args: [3n, 4n] }).staticcall())
    const joined = planner.add(functionCall({ ...t(), functionName: 'concat', args: ['0xaabb', '0xccddeeff'] }))
    const twice = planner.add(functionCall({ ...t(), functionName: 'concat', args: [joined, joined] }))
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'totalLength', args: [[twice, '0x00']] })), 13n)
    const raw = planner.add(functionCall({ ...t(), functionName: 'joinLabels', args: [[{ amount: seven, label: '0x01' }, { amount: 5n, label: twice }]] }).rawValue())
    assertEq(planner, planner.add(functionCall({ address: env.contracts.helpers.math, abi: switchyardMathHelperAbi, functionName: 'extractUint', args: [raw, 0n] }).staticcall()), 12n)
    await run(planner)
  })

  test('extended commands (8 arguments) and value calls with a handle as the value', async () => {
    const planner = new Planner()
    const seven = planner.add(functionCall({ address: env.contracts.helpers.math, abi: switchyardMathHelperAbi, functionName: 'add', args: [3n, 4n] }).staticcall())
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'sum8', args: [1n, 2n, 3n, 4n, 5n, 6n, seven, 8n] })), 36n)
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'pay' }).withValue(seven)), 7n)
    planner.add(rawCall({ address: env.accounts.refund, data: '0x' }).withValue(3n))
    await run(planner, 10n)
  })

  test('subplan through a runner: reads parent values, its results come back when the state is replaced', async () => {
    const planner = new Planner()
    const sub = new Planner()
    const seven = planner.add(functionCall({ address: env.contracts.helpers.math, abi: switchyardMathHelperAbi, functionName: 'add', args: [3n, 4n] }).staticcall())
    const inner = sub.add(functionCall({ ...t(), functionName: 'sum', args: [[seven, 1n]] }))
    planner.addSubplan(functionCall({ address: runner, abi: weirollRunnerAbi, functionName: 'execute', args: [sub, planner.state] }))
    assertEq(planner, inner, 8n)
    await run(planner)
  })

  test('failures: Error(string) message, custom errors as hex, no code at target, failing check', async () => {
    const cases: [(p: Planner) => void, string][] = [
      [(p) => p.add(functionCall({ ...t(), functionName: 'fail', args: ['boom'] })), 'boom'],
      [(p) => p.add(functionCall({ ...t(), functionName: 'failCustom', args: [7n] })), `${toFunctionSelector('CustomFailure(uint256)')}${'0'.repeat(63)}7`],
      [(p) => p.add(functionCall({ address: env.accounts.other, abi: mockVmTargetAbi, functionName: 'sum', args: [[1n]] })), 'Target has no code'],
    ]
    for (const [build, message] of cases) {
      const planner = new Planner()
      planner.add(functionCall({ address: env.contracts.helpers.math, abi: switchyardMathHelperAbi, functionName: 'add', args: [1n, 1n] }).staticcall())
      build(planner)
      const err = await expectRevert(run(planner))
      expect(err.errorName).toBe('ExecutionFailed')
      expect(err.args[0]).toBe(1n)
      expect(err.args[2]).toBe(message)
    }
    const planner = new Planner()
    assertEq(planner, planner.add(functionCall({ ...t(), functionName: 'sum', args: [[1n]] })), 2n)
    const err = await expectRevert(run(planner))
    expect(err.args.slice(1)).toEqual([env.contracts.helpers.check, toFunctionSelector('CheckFailed()')])
  })
})
