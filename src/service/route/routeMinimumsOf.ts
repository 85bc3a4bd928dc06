import { applySlippage } from '../../protocols/bundle/applySlippage.js'

/**
 * The route's minimum per output. Router strategies check it in the router, so it comes from the
 * simulated output less slippage, or is the caller's own `minAmountOut` when given (slippage not
 * set). The delegate plan carries its checks inside (built from the engine's quote): its minimums
 * are the ones it was simulated with.
 */
export function routeMinimumsOf(p: {
  delegate: boolean
  /** The minimums the transaction was simulated with ({@link simulationMinimumsOf}). */
  simulated: readonly bigint[]
  callerMinimums: readonly bigint[] | undefined
  amountsOut: readonly bigint[]
  slippageBps: bigint
}): bigint[] {
  if (p.delegate) return [...p.simulated]
  return [...(p.callerMinimums ?? p.amountsOut.map((a) => applySlippage(a, p.slippageBps)))]
}
