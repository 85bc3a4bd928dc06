import { LRUCache } from 'lru-cache'
import type { Address, Hex } from 'viem'
import { hasCode } from '../chain/hasCode.js'
import { decodePlanTargets } from '../encoding/decodePlanTargets.js'
import type { ServiceContext } from './context.js'
import { forbiddenAddressesOf } from './forbiddenAddressesOf.js'

/** One plan an answer runs: the transaction's own, or a bridge callback on its destination chain. */
export type ExternalContractsPlan = {
  /** The chain the plan runs on: its address book and its code decide. */
  chainId: number
  /**
   * The snapshot the answer was simulated on: code is read at its block, and remembered under its
   * version (block number and hash). Unset: the latest block, read every time.
   */
  at?: { blockNumber: bigint; version: string } | undefined
  /** The contract that runs the plan (our executor, or the wallet under delegate): its self-calls are not external. */
  self: Address
  commands: readonly Hex[]
  state: readonly Hex[]
}

/** Parameters of {@link externalContractsOf}. */
export type ExternalContractsOfParameters = { plans: readonly ExternalContractsPlan[] }

/**
 * Whether an address holds code, per snapshot version: a block's code never changes, and every answer
 * on one block asks again (the route and bundle caches share computations, not answers).
 */
const codeAt = new LRUCache<string, Promise<boolean>>({ max: 10_000, ttl: 10 * 60_000 })

/**
 * The external contracts an answer's plans hand control to: every command target (nested flash-loan
 * callback plans and their lenders included) and every payee of native coin or of a safe transfer
 * that holds code at the simulated block — less the chain's address book (our contracts and helpers,
 * every protocol contract discovery knows, the tokens) and the plan's own executing contract. Such a
 * plan is still served (a payee may be a contract by design); the contracts carry the safety, and the
 * answer names whom the plan lets run in its context so the caller can check them.
 *
 * @param ctx - the chains (clients and address books)
 * @param p - {@link ExternalContractsOfParameters}
 * @returns checksummed addresses, deduplicated, sorted by their numeric value; empty when none
 * @throws the node's (viem) error when a code read fails; the use cases run this inside `withUpstream`,
 *   which answers UPSTREAM_UNAVAILABLE
 */
export async function externalContractsOf(ctx: Pick<ServiceContext, 'chains' | 'forbiddenAddresses'>, p: ExternalContractsOfParameters): Promise<Address[]> {
  const found = new Map<string, Address>()
  for (const plan of p.plans) {
    const chain = ctx.chains[plan.chainId]
    if (!chain) continue
    const known = (ctx.forbiddenAddresses ?? forbiddenAddressesOf)(chain.addressBook)
    const self = plan.self.toLowerCase()
    const external = (a: Address) => !known.has(a.toLowerCase()) && a.toLowerCase() !== self
    const { callees, payees } = decodePlanTargets(plan)
    for (const a of callees.filter(external)) found.set(a.toLowerCase(), a)
    const candidates = payees.filter((a) => external(a) && !found.has(a.toLowerCase()))
    const coded = await Promise.all(candidates.map((a) => {
      // `latest` moves: only a pinned snapshot's answer is kept.
      if (plan.at === undefined) return hasCode(chain.client, a)
      const key = `${plan.at.version}|${a.toLowerCase()}`
      let pending = codeAt.get(key)
      if (!pending) {
        pending = hasCode(chain.client, a, plan.at.blockNumber)
        codeAt.set(key, pending)
        pending.catch(() => codeAt.delete(key))
      }
      return pending
    }))
    candidates.forEach((a, i) => {
      if (coded[i]) found.set(a.toLowerCase(), a)
    })
  }
  return [...found.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, a]) => a)
}
