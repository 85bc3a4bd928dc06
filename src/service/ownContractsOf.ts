import type { ServiceContext } from './context.js'
import { forbiddenAddressesOf } from './forbiddenAddressesOf.js'

/**
 * Every contract of ours on every served chain (router, executors, delegates, helpers, the wallet
 * factory, the bridge sender and receivers), lowercase: the `switchyard` kind of
 * {@link forbiddenAddressesOf}. Funds sent to any of them would be stuck or free for anyone to sweep,
 * so none may be a receiver; the list comes from the address books, never by hand.
 */
export function ownContractsOf(ctx: Pick<ServiceContext, 'chains'>): Set<string> {
  const out = new Set<string>()
  for (const chain of Object.values(ctx.chains)) {
    for (const [address, { kind }] of forbiddenAddressesOf(chain.addressBook)) if (kind === 'switchyard') out.add(address)
  }
  return out
}
