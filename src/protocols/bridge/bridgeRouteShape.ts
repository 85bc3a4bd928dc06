import type { Address } from 'viem'
import { isNativeAddress } from '../../schemas/fields.js'
import type { BundleBridgeRoute } from '../bundle/types.js'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Whether `token` enters `route` as it is (native coin enters Across as WETH). */
export function entersAsIs(route: BundleBridgeRoute, token: Address): boolean {
  return same(route.token, token) || (route.protocol === 'across' && isNativeAddress(token) && route.wrappedNative !== undefined && same(route.token, route.wrappedNative))
}

/** Across pays a WETH output to an account without code as native ETH (and as WETH to contracts). */
export function paysWethAsEth(route: BundleBridgeRoute): boolean {
  return route.protocol === 'across' && route.destinationWrappedNative !== undefined && same(route.destinationToken, route.destinationWrappedNative)
}

/** Whether `route` delivers `token` as it is to any receiver (a WETH arrival through Across does not). */
export function arrivesAsIs(route: BundleBridgeRoute, token: Address): boolean {
  return same(route.destinationToken, token) && !paysWethAsEth(route)
}
