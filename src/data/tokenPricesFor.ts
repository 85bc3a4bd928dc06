import { LRUCache } from 'lru-cache'
import type { ChainAddressBook } from '../chain/addressBook.js'
import type { EngineSnapshot } from '../engine/types.js'
import { computeTokenPrices, type TokenPrice } from './computeTokenPrices.js'

const cache = new LRUCache<string, Map<string, TokenPrice>>({ max: 32 })

/**
 * Pool-derived USD prices of a snapshot (see {@link computeTokenPrices}), computed once per snapshot
 * version and shared by prices, tokens, volume and price impact.
 */
export function tokenPricesFor(snapshot: EngineSnapshot, book: ChainAddressBook): Map<string, TokenPrice> {
  let prices = cache.get(snapshot.version)
  if (!prices) {
    prices = computeTokenPrices(snapshot, book)
    cache.set(snapshot.version, prices)
  }
  return prices
}
