import { getAddress, type Address } from 'viem'
import type { FindRouteReturnType } from '../engine/types.js'
import { NATIVE_ADDRESS, isNativeAddress } from '../schemas/fields.js'
import type { RouteParams } from '../schemas/routeRequest.js'
import type { RouteStepAnswer } from './types.js'


/**
 * The answer's `route[]`: a wrap step per native input, every engine step with its amounts and
 * encoder data as `args`, an unwrap step per native output.
 */
export function toRouteSteps(route: FindRouteReturnType, params: RouteParams, { weth, chainId }: { weth: Address; chainId: number }): RouteStepAnswer[] {
  const steps: RouteStepAnswer[] = []
  params.tokenIn.forEach((t, i) => {
    if (isNativeAddress(t)) steps.push({ tokenIn: [NATIVE_ADDRESS], tokenOut: [weth], protocol: 'wrapped-native', action: 'deposit', primary: weth, internalRoutes: [], args: { amountIn: params.amountIn[i]!.toString() }, chainId })
  })
  for (const path of route.paths) {
    for (const s of path.steps) {
      steps.push({
        tokenIn: [getAddress(s.tokenIn)], tokenOut: [getAddress(s.tokenOut)], protocol: s.protocol, action: s.action, primary: getAddress(s.primary),
        internalRoutes: [], args: { amountIn: s.amountIn.toString(), amountOut: s.amountOut.toString(), ...s.data }, chainId,
      })
    }
  }
  params.tokenOut.forEach((t) => {
    if (isNativeAddress(t)) steps.push({ tokenIn: [weth], tokenOut: [NATIVE_ADDRESS], protocol: 'wrapped-native', action: 'redeem', primary: weth, internalRoutes: [], args: {}, chainId })
  })
  return steps
}

