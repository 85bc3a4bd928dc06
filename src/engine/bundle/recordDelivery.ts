import { type Address, getAddress } from 'viem'
import { addAmounts } from './addAmounts.js'
import type { BundlePass } from './bundlePass.js'

/**
 * Adds `estimate` of `token` to what `receiver` gets (unknown once any part of it is unknown).
 * @param field - where an overflowing sum is reported (`actions` when the sweep or gains delivered it)
 * @throws InvalidBundleError (AMOUNT_TOO_LARGE)
 */
export function recordDelivery(
  pass: BundlePass,
  { token, receiver, estimate, field = 'actions' }: { token: Address; receiver: Address; estimate: bigint | undefined; field?: string | undefined },
): void {
  const key = `${receiver.toLowerCase()}:${token.toLowerCase()}`
  const prev = pass.deliveries.get(key)
  const total =
    prev === undefined
      ? estimate
      : prev.estimate === undefined || estimate === undefined
        ? undefined
        : addAmounts(prev.estimate, estimate, { field, what: `the amounts of ${getAddress(token)} delivered to ${getAddress(receiver)}` })
  pass.deliveries.set(key, { token: getAddress(token), receiver: getAddress(receiver), estimate: total })
}
