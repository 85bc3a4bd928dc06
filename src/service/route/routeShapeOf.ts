import type { FindRouteReturnType } from '../../engine/types.js'

/**
 * A route's shape for gas hints: chain, strategy, the number of inputs and outputs, and every path's
 * pools in order (`protocol:primary` per step). Routes of one shape use about the same gas.
 * `{ pools: false }` gives the shape's family: the protocols in order without the pools (routes of one
 * family cost about the same gas per unit of the engine's estimate).
 */
export function routeShapeOf(p: { chainId: number; strategy: string; inputs: number; outputs: number; route: Pick<FindRouteReturnType, 'paths'> }, options: { pools?: boolean } = {}): string {
  const withPools = options.pools !== false
  const paths = p.route.paths.map((path) => path.steps.map((st) => (withPools ? `${st.protocol}:${st.primary}` : st.protocol)).join('>')).join(',')
  return `${p.chainId}|${p.strategy}|${p.inputs}|${p.outputs}|${paths}`
}
