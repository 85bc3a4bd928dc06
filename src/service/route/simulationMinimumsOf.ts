/**
 * The minimums a route's transaction is first simulated with: the delegate plan's own (from the
 * engine's quote), else the caller's `minAmountOut`, else a placeholder of 1 per output. A router
 * route's final minimum comes from the simulated output (see `routeMinimumsOf`): a transfer tax on
 * the output (fee-on-transfer tokens) would fail a minimum taken from the quote.
 */
export function simulationMinimumsOf(p: { planMinimums: readonly bigint[] | undefined; callerMinimums: readonly bigint[] | undefined; outputs: number }): bigint[] {
  return [...(p.planMinimums ?? p.callerMinimums ?? Array.from({ length: p.outputs }, () => 1n))]
}
