import type { FindRouteReturnType } from '../../engine/types.js'
import { createGasLimitHints, type GasLimitHints } from '../../simulate/gasLimitHints.js'
import { routeShapeOf } from './routeShapeOf.js'

/** What a route's gas hints are keyed by: its chain, strategy and input and output counts. */
export type RouteGasContext = { chainId: number; strategy: string; inputs: number; outputs: number }

/** One route's hints: the limit to simulate it under, and the recorder of what it used. */
export type RouteGasHint = {
  /** Its shape's last gas, else its family's ratio applied to the engine's estimate; undefined when neither was seen. */
  guess: bigint | undefined
  /** Records what the route used, for its shape and its family. */
  learn: (gasUsed: bigint) => void
}

/** Gas limit hints for routes (see {@link GasLimitHints}), keyed by the route itself. */
export type RouteGasHints = {
  /** The hint of one route (its shape and family keys read once). */
  of(context: RouteGasContext, route: Pick<FindRouteReturnType, 'paths' | 'gasEstimate'>): RouteGasHint
}

/**
 * Creates the route use case's gas hints: a route of a shape seen before (the same pools in order) is
 * simulated under the limit its last gas implies; a new shape of a known family (the same protocols in
 * order, other pools: on a mainnet-scale chain most routes) under the engine's estimate scaled by the
 * family's gas per unit of estimate. Either way one successful, tight run both measures the route and
 * proves its limit; otherwise measureRoute proves one.
 */
export function createRouteGasHints(hints: GasLimitHints = createGasLimitHints()): RouteGasHints {
  return {
    of(context, route) {
      const shape = routeShapeOf({ ...context, route })
      const family = routeShapeOf({ ...context, route }, { pools: false })
      return {
        guess: hints.guess(shape) ?? hints.guessFamily(family, route.gasEstimate),
        learn: (gasUsed) => {
          hints.learn(shape, gasUsed)
          hints.learnFamily(family, route.gasEstimate, gasUsed)
        },
      }
    },
  }
}
