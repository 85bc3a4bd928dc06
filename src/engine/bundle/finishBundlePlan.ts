import { getAddress } from 'viem'
import { ReturnValue } from '../../encoding/value.js'
import type { BundleValue } from '../../protocols/bundle/types.js'
import { isNativeAddress, NATIVE_ADDRESS } from '../../schemas/fields.js'
import type { BundlePass } from './bundlePass.js'
import type { BuildBundleReturnType } from './types.js'

/**
 * Encodes the pass's plan and describes it: every action output's and checked amount's slot is pinned,
 * so a simulation can read them from the returned state.
 * @param values - the top-level actions' outputs
 * @returns the plan, with what the transaction brings and delivers
 */
export function finishBundlePlan(pass: BundlePass, { values }: { values: readonly BundleValue[][] }): BuildBundleReturnType {
  const { planner } = pass
  // Pin every output's slot, so a simulation can read each action's result from the returned state.
  const handles = values.flatMap((outs) => outs.map((v) => v.value).filter((v): v is ReturnValue => v instanceof ReturnValue))
  for (const h of handles) planner.keep(h)
  for (const h of pass.quotedChecks) if (h !== undefined) planner.keep(h)
  const plan = planner.plan()
  const slotOf = new Map(planner.kept.map((h, i) => [h, plan.keptSlots![i]!]))
  return {
    commands: plan.commands,
    state: plan.state,
    outputs: values.map((outs) => outs.map((v) => (v.value instanceof ReturnValue ? { slot: slotOf.get(v.value)! } : { literal: v.value === true ? '1' : v.value === false ? '0' : (v.value as bigint).toString() }))),
    inputs: [...pass.inputs].map(([token, amount]) => ({ token: isNativeAddress(token) ? NATIVE_ADDRESS : getAddress(token), amount })),
    deliveries: [...pass.deliveries.values()],
    estimates: values.map((outs) => outs.map((v) => (v.estimate === undefined ? null : v.estimate.toString()))),
    route: pass.route,
    bridges: pass.bridges,
    quotedChecks: pass.quotedChecks.map((h) => (h === undefined ? null : { slot: slotOf.get(h)! })),
  }
}
