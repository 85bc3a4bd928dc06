import type { Address, Hex } from 'viem'
import { encodeDelegateShortcut } from '../../encoding/delegateCalldata.js'
import { encodeRouteMulti, encodeSafeRouteMulti, type RouteTokenIn } from '../../encoding/routerCalldata.js'
import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import { isNativeAddress } from '../../schemas/fields.js'

/** Where a bundle runs: our router and executor, or the user's wallet DELEGATECALLing our delegate. */
export type BundleTarget = {
  delegate: boolean
  /** The executing contract: our executor, or the wallet. */
  self: Address
  /** `tx.to`: the router, or the delegate the wallet calls. */
  to: Address
}

/** Deliveries the router checks: those to the bundle's receiver. */
export function checkedDeliveries(built: BuildBundleReturnType, receiver: Address): BuildBundleReturnType['deliveries'] {
  return built.deliveries.filter((d) => d.receiver.toLowerCase() === receiver.toLowerCase())
}

/**
 * Calldata and value of a bundle: under the router `safeRouteMulti` (what the sender brings, and the
 * receiver's minimum per delivered token) or `routeMulti` when nothing reaches the receiver; under the
 * delegate strategy `executeShortcut` for the wallet to DELEGATECALL.
 * @param p.mins - one minimum per {@link checkedDeliveries} entry
 */
export function encodeBundleTx(p: {
  built: BuildBundleReturnType
  target: BundleTarget
  receiver: Address
  shortcut: { accountId: Hex; requestId: Hex }
  mins: bigint[]
}): { data: Hex; value: bigint } {
  const shortcut = { ...p.shortcut, commands: p.built.commands, state: p.built.state }
  const nativeIn = p.built.inputs.filter((i) => isNativeAddress(i.token)).reduce((s, i) => s + i.amount, 0n)
  if (p.target.delegate) return { data: encodeDelegateShortcut(shortcut), value: nativeIn }
  const tokensIn: RouteTokenIn[] = p.built.inputs.map((i) => (isNativeAddress(i.token) ? { type: 'native', amount: i.amount } : { type: 'erc20', address: i.token, amount: i.amount }))
  const checked = checkedDeliveries(p.built, p.receiver)
  if (checked.length === 0) return encodeRouteMulti({ tokensIn, shortcut })
  const tokensOut = checked.map((d, i) => (isNativeAddress(d.token) ? { type: 'native' as const, minAmountOut: p.mins[i]! } : { type: 'erc20' as const, address: d.token, minAmountOut: p.mins[i]! }))
  return encodeSafeRouteMulti({ tokensIn, tokensOut, receiver: p.receiver, shortcut })
}
