import type { ServiceContext } from './context.js'

/** Keys of an address book's `switchyard` section that `/wallet/approve` names as the spender. */
const APPROVAL_SPENDER_KEYS = ['router', 'routerLegacy'] as const

/**
 * The spenders `/wallet/approve` hands out, on every served chain: our routers (`router`,
 * `routerLegacy`), lowercase. A router only ever pulls tokens from its own caller
 * (`transferFrom(msg.sender, …)`) into its executor, so an allowance to it is harmless, and a client
 * that passes the approval's spender back as a delegate route's `spender` (the vendor SDK's
 * integration workflow) names no wallet. The parsers drop such a spender: the plan runs in
 * `fromAddress`, as without one. Our executors are not in this set: they run any caller's plan, so a
 * wallet's tokens or allowances there are free for anyone, and they stay refused (INVALID_RECEIVER).
 *
 * @param ctx - the served chains and their address books
 * @returns lowercase router addresses of every served chain
 */
export function approvalSpendersOf(ctx: Pick<ServiceContext, 'chains'>): ReadonlySet<string> {
  const out = new Set<string>()
  for (const chain of Object.values(ctx.chains)) {
    const sy = chain.addressBook.switchyard as Record<string, unknown> | undefined
    for (const key of APPROVAL_SPENDER_KEYS) {
      const address = sy?.[key]
      if (typeof address === 'string') out.add(address.toLowerCase())
    }
  }
  return out
}
