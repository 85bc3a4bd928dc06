import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import { applySlippage } from '../../protocols/bundle/applySlippage.js'

type Delivery = BuildBundleReturnType['deliveries'][number]

/**
 * The router's minimum per checked delivery (`checkedDeliveries` order): the simulated delta less
 * slippage, rounded down; a token the receiver also pays out (its delta not positive) has none.
 * @param p.deltas - one simulated balance change per entry of `deliveries`
 */
export function bundleMinimumsOf(p: { checked: readonly Delivery[]; deliveries: readonly Delivery[]; deltas: readonly bigint[]; slippageBps: bigint }): bigint[] {
  return p.checked.map((d) => {
    const delta = p.deltas[p.deliveries.indexOf(d)]!
    return delta > 0n ? applySlippage(delta, p.slippageBps) : 0n
  })
}
