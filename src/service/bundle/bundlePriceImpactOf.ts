import type { Address } from 'viem'
import type { ChainAddressBook } from '../../chain/addressBook.js'
import type { BridgedDelivery } from './bridgingEstimateOf.js'
import { computePriceImpact } from '../computePriceImpact.js'

type MidPrices = ReadonlyMap<string, { price: number }>

/**
 * Price impact in bps of what the bundle pulls against what it delivers, at pool mid prices: source
 * deliveries at the source chain's prices, what bridges deliver to the bundle's receivers at their
 * destination chain's (read once per chain).
 * @param p.destination - a destination chain's address book and mid prices
 * @returns the impact, or null when the bundle pulls nothing, delivers nothing, or a token has no price
 */
export async function bundlePriceImpactOf(p: {
  book: ChainAddressBook
  midPrices: MidPrices
  inputs: readonly { token: Address; amount: bigint }[]
  sourceOut: ReadonlyMap<string, bigint>
  bridged: readonly BridgedDelivery[]
  destination: (chainId: number) => Promise<{ book: ChainAddressBook; midPrices: MidPrices }>
}): Promise<number | null> {
  const bridged = p.bridged.filter((d) => d.output && d.amount > 0n)
  if (p.inputs.length === 0 || p.sourceOut.size + bridged.length === 0) return null
  const destinations = new Map<number, { book: ChainAddressBook; midPrices: MidPrices }>()
  for (const d of bridged) {
    if (!destinations.has(d.chainId)) destinations.set(d.chainId, await p.destination(d.chainId))
  }
  return computePriceImpact(p.book, {
    inputs: p.inputs.map((i) => ({ token: i.token, amount: i.amount })),
    outputs: [
      ...[...p.sourceOut].map(([token, amount]) => ({ token: token as Address, amount })),
      ...bridged.map((d) => ({ token: d.token, amount: d.amount, ...destinations.get(d.chainId)! })),
    ],
    midPrices: p.midPrices,
  })
}
