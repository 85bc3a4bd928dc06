import type { Address } from 'viem'

/**
 * A delegate request's `spender` as the wallet that runs the plan: undefined (the plan runs in
 * `fromAddress`) when it is absent or names one of `approvalSpenders`, our routers, which
 * `/wallet/approve` names as spender and a client may pass back (the vendor SDK's integration
 * workflow): a router holds no wallet's tokens and runs no delegate plan. Any other address is kept,
 * and refused later when it can never be a wallet (our executors and other contracts:
 * INVALID_RECEIVER).
 *
 * @param spender - the request's `spender`, validated
 * @param approvalSpenders - lowercase router addresses of the served chains (`approvalSpendersOf`)
 * @returns the wallet named by `spender`, or undefined
 */
export function walletSpenderOf(spender: Address | undefined, approvalSpenders: ReadonlySet<string> | undefined): Address | undefined {
  return spender !== undefined && approvalSpenders?.has(spender.toLowerCase()) ? undefined : spender
}
