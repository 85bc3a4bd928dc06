import { LRUCache } from 'lru-cache'
import type { ChainRuntime } from '../../chain/connectChains.js'

/**
 * Gas prices by snapshot version (which names the chain, the block number and its hash): the read
 * itself, so the routes that ask while it is in flight (a batch's items, a head's re-quotes, concurrent
 * singles) share it instead of each reading the same price.
 */
const gasPrices = new LRUCache<string, Promise<bigint>>({ max: 64 })

/** What a route assumes when the node will not say: 1 gwei. */
export const FALLBACK_GAS_PRICE = 1_000_000_000n

/**
 * The chain's gas price, read once per snapshot version: the routes of one block on one chain share
 * one read, concurrent ones included; another chain at the same height reads its own.
 * @param chain - the chain the route runs on
 * @param version - its snapshot's version (`snapshotVersionOf`)
 * @returns wei per gas ({@link FALLBACK_GAS_PRICE} when the read fails)
 */
export function gasPriceAt(chain: Pick<ChainRuntime, 'client'>, version: string): Promise<bigint> {
  let price = gasPrices.get(version)
  if (price === undefined) {
    price = chain.client.getGasPrice().catch(() => FALLBACK_GAS_PRICE)
    gasPrices.set(version, price)
  }
  return price
}
