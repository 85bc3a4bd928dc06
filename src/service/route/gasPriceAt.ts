import { LRUCache } from 'lru-cache'
import type { ChainRuntime } from '../../chain/connectChains.js'

/** Gas prices by snapshot version (which names the chain, the block number and its hash). */
const gasPrices = new LRUCache<string, bigint>({ max: 64 })

/** What a route assumes when the node will not say: 1 gwei. */
export const FALLBACK_GAS_PRICE = 1_000_000_000n

/**
 * The chain's gas price, read once per snapshot version: the routes of one block on one chain share
 * one read; another chain at the same height reads its own.
 * @param chain - the chain the route runs on
 * @param version - its snapshot's version (`snapshotVersionOf`)
 * @returns wei per gas ({@link FALLBACK_GAS_PRICE} when the read fails)
 */
export async function gasPriceAt(chain: Pick<ChainRuntime, 'client'>, version: string): Promise<bigint> {
  const hit = gasPrices.get(version)
  if (hit !== undefined) return hit
  const price = await chain.client.getGasPrice().catch(() => FALLBACK_GAS_PRICE)
  gasPrices.set(version, price)
  return price
}
