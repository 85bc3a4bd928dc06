/** Test support: plans a planner and runs the plan over a fresh world of mock contracts. */
import { type AbiFunction, type Address, type Hex, decodeFunctionData, sliceHex, toFunctionSelector } from 'viem'
import type { Planner } from '../planner.js'
import { createMockWorld } from './createMockWorld.js'
import { mockTargetAbi } from './mockTargetAbi.js'
import { runOnMockWorld } from './runOnMockWorld.js'

/** One call the VM made, decoded with {@link mockTargetAbi} (`functionName` is '' for anything else). */
export type DecodedMockCall = { target: Address; functionName: string; args: readonly unknown[]; value: bigint; isStatic: boolean; data: Hex }

/** What {@link runPlanOnMocks} returns. */
export type RunPlanOnMocksReturnType = { calls: DecodedMockCall[]; state: Hex[]; keptSlots: number[] | undefined }

/**
 * Runs `planner.plan()` on the reference VM over {@link createMockWorld}.
 * @returns the decoded calls, the final state and the plan's kept slots
 */
export function runPlanOnMocks(planner: Planner): RunPlanOnMocksReturnType {
  const { commands, state, keptSlots } = planner.plan()
  const world = createMockWorld()
  const final = runOnMockWorld(commands, state, world)
  const calls = world.log.map((c) => {
    if (c.data === '0x' || !mockTargetAbi.some((f) => toFunctionSelector(f as AbiFunction) === sliceHex(c.data, 0, 4))) {
      return { target: c.target, functionName: '', args: [], value: c.value, isStatic: c.isStatic, data: c.data }
    }
    const { functionName, args } = decodeFunctionData({ abi: mockTargetAbi, data: c.data })
    return { target: c.target, functionName, args: args ?? [], value: c.value, isStatic: c.isStatic, data: c.data }
  })
  return { calls, state: final, keptSlots }
}
