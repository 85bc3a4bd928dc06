import type { FindRouteReturnType } from '../../engine/types.js'

/**
 * A route's shape for gas hints: chain, strategy, the number of inputs and outputs, and every path's
 * pools in order (`protocol:primary` per step). Routes of one shape use about the same gas.
 */
export function routeShapeOf(p: { chainId: number; strategy: string; inputs: number; outputs: number; route: Pick<FindRouteReturnType, 'paths'> }): string {
  const paths = p.route.paths.map((path) => path.steps.map((st) => `${st.protocol}:${st.primary}`).join('>')).join(',')
  return `${p.chainId}|${p.strategy}|${p.inputs}|${p.outputs}|${paths}`
}
