import { getAddress } from 'viem'
import type { BuildBundleReturnType } from '../../engine/tasks/buildBundle.js'
import type { BridgedDelivery } from './bridgingEstimateOf.js'

/** What {@link bundleAmountsOutOf} adds up, by checksummed token. */
export type BundleAmountsOutOfReturnType = {
  /** Everything the bundle delivers: the source chain's gains and what the bridges' destinations deliver. */
  amountsOut: Map<string, bigint>
  /** The source chain's part (priced on the source chain). */
  sourceOut: Map<string, bigint>
  /** What bridges deliver to the receivers, by destination chain then token (the rest of `amountsOut`). */
  destinationOut: Map<number, Map<string, bigint>>
}

/**
 * A bundle's outputs by token: every positive simulated delta of a delivery (several receivers of one
 * token add up), then what bridges deliver to the bundle's receivers on their destination chains
 * (refunds of leftovers are not outputs).
 * @param p.deltas - one simulated balance change per entry of `deliveries`
 */
export function bundleAmountsOutOf(p: { deliveries: BuildBundleReturnType['deliveries']; deltas: readonly bigint[]; bridged: readonly BridgedDelivery[] }): BundleAmountsOutOfReturnType {
  const amountsOut = new Map<string, bigint>()
  p.deliveries.forEach((d, i) => {
    const delta = p.deltas[i]!
    if (delta > 0n) amountsOut.set(getAddress(d.token), (amountsOut.get(getAddress(d.token)) ?? 0n) + delta)
  })
  const sourceOut = new Map(amountsOut)
  const destinationOut = new Map<number, Map<string, bigint>>()
  for (const d of p.bridged) {
    if (!d.output || d.amount <= 0n) continue
    amountsOut.set(d.token, (amountsOut.get(d.token) ?? 0n) + d.amount)
    const chain = destinationOut.get(d.chainId) ?? new Map<string, bigint>()
    chain.set(d.token, (chain.get(d.token) ?? 0n) + d.amount)
    destinationOut.set(d.chainId, chain)
  }
  return { amountsOut, sourceOut, destinationOut }
}
