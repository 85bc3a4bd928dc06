import type { ServiceContext } from './context.js'

/**
 * Every contract of ours on every served chain (router, executors, delegates, helpers, the wallet
 * factory, the bridge sender and receivers), lowercase. Funds sent to any of them would be stuck or free
 * for anyone to sweep, so none may be a receiver; the list comes from the address books, never by hand.
 */
export function ownContractsOf(ctx: Pick<ServiceContext, 'chains'>): Set<string> {
  const out = new Set<string>()
  const add = (value: unknown): void => {
    if (typeof value === 'string') out.add(value.toLowerCase())
    else if (value && typeof value === 'object') for (const v of Object.values(value)) add(v)
  }
  for (const chain of Object.values(ctx.chains)) add(chain.addressBook.switchyard)
  return out
}
