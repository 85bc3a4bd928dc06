import type { BundleParams } from '../../schemas/bundleRequest.js'
import type { AddressField } from '../assertUsableAddresses.js'

/**
 * Actions whose purpose is moving tokens to an address the bundle then uses (a transfer into a pool
 * followed by a `call` to it): their receiver may be a protocol contract or a token.
 */
const TRANSFER_ACTIONS = new Set(['erc20:transfer', 'erc20:transferfrom', 'permit2:permittransferfrom'])

/**
 * The address fields of a bundle that name where funds go, for `assertUsableAddresses`: the bundle's
 * spender (first: under delegate the receiver defaults to it), receiver and refundReceiver, and every
 * `receiver`, `feeReceiver` and `refundReceiver` an action names (callbacks included, with their path),
 * transfer actions' apart (`transfers`).
 */
export function bundleAddressFieldsOf(params: Pick<BundleParams, 'spender' | 'receiver' | 'refundReceiver' | 'actions'>): { receivers: AddressField[]; transfers: AddressField[] } {
  const receivers: AddressField[] = [
    { field: 'spender', address: params.spender },
    { field: 'receiver', address: params.receiver },
    { field: 'refundReceiver', address: params.refundReceiver },
  ]
  const transfers: AddressField[] = []
  const walk = (actions: readonly { protocol: string; action: string; args: unknown }[], path: string): void =>
    actions.forEach((a, i) => {
      const args = a.args as Record<string, unknown>
      const into = TRANSFER_ACTIONS.has(`${a.protocol}:${a.action}`) ? transfers : receivers
      for (const key of ['receiver', 'feeReceiver', 'refundReceiver']) {
        if (typeof args[key] === 'string') into.push({ field: `${path}[${i}].args.${key}`, address: args[key] as string })
      }
      if (Array.isArray(args.callback)) walk(args.callback as BundleParams['actions'], `${path}[${i}].args.callback`)
    })
  walk(params.actions, 'actions')
  return { receivers, transfers }
}
