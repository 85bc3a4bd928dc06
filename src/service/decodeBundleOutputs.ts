import { decodeAbiParameters, hexToBigInt, type Hex } from 'viem'
import type { BuildBundleReturnType } from '../engine/tasks/buildBundle.js'

/**
 * Every action's outputs as the simulation computed them, read from the final weiroll state the
 * transaction returned: the router returns the executor's returndata (`bytes` wrapping `bytes[]`), the
 * delegate returns `bytes[]` directly. Values the plan knew are literals.
 * @param p.returnData - the simulated transaction's return data
 * @param p.strategy - how the transaction was wrapped
 * @param p.outputs - where the builder put each output
 * @returns one bigint per output per action; `undefined` when the state cannot be read
 */
export function decodeBundleOutputs(p: { returnData: Hex; strategy: 'router' | 'delegate'; outputs: BuildBundleReturnType['outputs'] }): bigint[][] | undefined {
  let state: readonly Hex[]
  try {
    const inner = p.strategy === 'router' ? decodeAbiParameters([{ type: 'bytes' }], p.returnData)[0] : p.returnData
    state = decodeAbiParameters([{ type: 'bytes[]' }], inner)[0]
  } catch {
    return undefined
  }
  const read = (slot: number): bigint | undefined => {
    const word = state[slot]
    return word === undefined || word.length !== 66 ? undefined : hexToBigInt(word)
  }
  const out: bigint[][] = []
  for (const action of p.outputs) {
    const values: bigint[] = []
    for (const o of action) {
      const v = 'literal' in o ? BigInt(o.literal) : read(o.slot)
      if (v === undefined) return undefined
      values.push(v)
    }
    out.push(values)
  }
  return out
}
