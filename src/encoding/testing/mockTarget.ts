/** Test support: the mock contract behind every address of a `createMockWorld` world. */
import { type Hex, decodeFunctionData, encodeAbiParameters, encodeFunctionResult, numberToHex } from 'viem'
import { mockResult } from './mockResult.js'
import { mockTargetAbi, mockTargetFunctions } from './mockTargetAbi.js'
import type { MockWorld } from './mockWorld.js'
import { runOnMockWorld } from './runOnMockWorld.js'
import type { WeirollVmCall } from './runWeirollVm.js'

/**
 * Answers a call of {@link mockTargetAbi}: plain native transfers return nothing, `pay` returns the value
 * sent, the subplan functions run their plan in the same world (`execute` returns the final state, `run`
 * nothing, `runThenOne` the word 7), and every other function returns {@link mockResult}.
 * @returns the ABI-encoded return data
 */
export function mockTarget(call: WeirollVmCall, world: MockWorld): Hex {
  if (call.data === '0x') return '0x' // plain native transfer
  const { functionName, args } = decodeFunctionData({ abi: mockTargetAbi, data: call.data })
  const fn = mockTargetFunctions.get(functionName)!
  if (functionName === 'pay') return encodeFunctionResult({ abi: mockTargetAbi, functionName: 'pay', result: call.value })
  if (functionName === 'execute' || functionName === 'run' || functionName === 'runThenOne') {
    const [commands, state] = args as [Hex[], Hex[]]
    const final = runOnMockWorld(commands, state, world)
    if (functionName === 'run') return '0x'
    if (functionName === 'runThenOne') return numberToHex(7n, { size: 32 })
    return encodeAbiParameters([{ type: 'bytes[]' }], [final])
  }
  const result = mockResult(fn, call.data)
  return result.length === 0 ? '0x' : encodeAbiParameters(fn.outputs, result)
}
