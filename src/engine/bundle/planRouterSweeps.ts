import { getAddress } from 'viem'
import { addSweep } from '../../encoding/planActions.js'
import type { BundlePass } from './bundlePass.js'
import { recordDelivery } from './recordDelivery.js'

const lower = (a: string) => a.toLowerCase()

/**
 * Router strategy: our executor ends empty. Every token the bundle touched is swept, produced tokens
 * to the receiver (recorded as delivered) and leftovers of inputs to the refund receiver; so are the
 * intermediates the encoders declared a sweep for.
 * @throws InvalidBundleError (AMOUNT_TOO_LARGE)
 */
export function planRouterSweeps(pass: BundlePass): void {
  const { params, planner } = pass
  for (const key of pass.touched) {
    const token = getAddress(key)
    const to = pass.produced.has(key) ? params.receiver : params.refundReceiver
    if (lower(to) === lower(params.self)) continue
    addSweep(planner, { helpers: params.helpers, token, receiver: to })
    if (pass.produced.has(key)) recordDelivery(pass, { token, receiver: to, estimate: pass.holdings.get(key) })
  }
  // Intermediates that live only inside one action (stETH between a stake and a wrap in a route) and
  // that can leave dust: their encoders declared a sweep, so they go to the refund receiver too.
  if (lower(params.refundReceiver) !== lower(params.self)) {
    for (const token of planner.tokensWithSweep) {
      if (!pass.touched.has(lower(token))) addSweep(planner, { helpers: params.helpers, token: getAddress(token), receiver: params.refundReceiver })
    }
  }
}
