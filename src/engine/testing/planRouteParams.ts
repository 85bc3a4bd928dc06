/** Test support: planRoute's parameters for a plan run by `self` on a `MockRouteChain`. */
import type { Address } from 'viem'
import type { EncodeStepContext } from '../../protocols/types.js'
import type { PlanRouteParameters } from '../tasks/planRoute.js'
import { addr, EXECUTOR, helpers, RECEIVER, REFUND, WETH } from './planRouteAccounts.js'

const context = (self: Address): EncodeStepContext => ({ self, helpers, contracts: { uniswapV2Router02: addr(1), uniswapV3SwapRouter02: addr(2), balancerVault: addr(3) }, deadline: 1n })

/**
 * The parameters of a plan `self` runs: to RECEIVER, refunds to REFUND, owning its balances when `self`
 * is EXECUTOR; `p` adds or overrides any of them.
 */
export function planRouteParams(self: Address, p: Partial<PlanRouteParameters> & Pick<PlanRouteParameters, 'inputs' | 'outputs'>): PlanRouteParameters {
  return { context: context(self), weth: WETH, receiver: RECEIVER, refundReceiver: REFUND, ownsBalances: self === EXECUTOR, ...p }
}
