import { getAddress } from 'viem'
import { isNativeAddress } from '../../schemas/fields.js'
import type { BundlePass, PulledSpend } from './bundlePass.js'

/** How often `literal` appears among parsed arguments (iteratively: arguments may nest). */
function countLiteral(args: unknown, literal: bigint): number {
  let n = 0
  const stack: unknown[] = [args]
  while (stack.length > 0) {
    const v = stack.pop()
    if (v === literal) n++
    else if (Array.isArray(v)) stack.push(...v)
    else if (v !== null && typeof v === 'object') stack.push(...Object.values(v))
  }
  return n
}

/**
 * Pulled inputs (never produced here) whose last spend is a literal that its action's arguments name
 * once; only looked for when the caller asks to spend what arrived (`spendReceivedInputs`).
 * @returns the spends by top-level action index
 */
export function findLastPulledSpends(pass: BundlePass): Map<number, PulledSpend[]> {
  const { params } = pass
  const lastPulledSpends = new Map<number, PulledSpend[]>()
  for (const key of params.spendReceivedInputs === true ? pass.inputs.keys() : []) {
    const last = pass.lastSpend.get(key)
    if (!last || isNativeAddress(key) || pass.produced.has(key) || pass.unknownSupply.has(key)) continue
    if (countLiteral(params.actions[last.at]?.args, last.literal) !== 1) continue
    lastPulledSpends.set(last.at, [...(lastPulledSpends.get(last.at) ?? []), { token: getAddress(key), literal: last.literal }])
  }
  return lastPulledSpends
}
