import type { ServiceContext } from './context.js'
import { getWalletBalances, type WalletBalancesAnswer } from './getWalletBalances.js'
import { listActions, type ActionAnswer } from './listActions.js'
import { listAggregators } from './listAggregators.js'
import { listProjectProtocols } from './listProjectProtocols.js'
import type { CallOptions, ProtocolAnswer } from './types.js'

/** The read paths of issue 11: wallet balances, bundle actions, aggregators, a project's protocols. */
export type ReadPathServices = {
  /** `request` = `{ chainId: number | 'all', eoaAddress, useEoa }`, validated inside. */
  walletBalances(request: unknown, options: CallOptions): Promise<WalletBalancesAnswer>
  /** With `slug`: that protocol's actions (NOT_FOUND when unknown); without, each action once. */
  actions(filter: { slug?: string | undefined }, options: CallOptions): Promise<ActionAnswer[]>
  /** Aggregator slugs (on `chainId` only, when given). */
  aggregators(filter: { chainId?: number | undefined }, options: CallOptions): Promise<string[]>
  /** The protocols of one project (NOT_FOUND when unknown). */
  projectProtocols(filter: { project: string }, options: CallOptions): Promise<ProtocolAnswer[]>
}

/**
 * Binds the read-path use cases to their context (part of `createServices`).
 * @param ctx - the service context
 */
export function createReadPathServices(ctx: ServiceContext): ReadPathServices {
  return {
    walletBalances: (request) => getWalletBalances(ctx, request),
    actions: async (filter) => listActions(filter),
    aggregators: async (filter) => listAggregators(ctx, filter),
    projectProtocols: async (filter) => listProjectProtocols(ctx, filter),
  }
}
