import type { PriceAnswer } from '../../service/types.js'
import type { Price } from '../generated/switchyard/data/v1/Price.js'

/**
 * Maps a price answer to the proto message (chain id, timestamp and block number as decimal
 * strings, uint64).
 * @param price - the use case's price
 * @returns the `Price` message
 */
export function toProtoPrice(price: PriceAnswer): Price {
  return {
    chain_id: String(price.chainId),
    address: price.address,
    decimals: price.decimals,
    symbol: price.symbol,
    name: price.name,
    price: price.price,
    timestamp: String(price.timestamp),
    confidence: price.confidence,
    block_number: String(price.blockNumber),
  }
}
