import type { PriceOrUnknown__Output } from '../../grpc/generated/switchyard/data/v1/PriceOrUnknown.js'
import type { RestPrice } from '../schemas/priceResponse.js'

/**
 * One proto prices entry → the REST price, or `null` when the token has no price (`price` unset).
 * @param entry - one entry of `PricesResponse.prices`
 * @returns the REST price or null
 */
export function toRestPrice(entry: PriceOrUnknown__Output): RestPrice | null {
  const price = entry.price
  if (price === undefined || price === null) return null
  return {
    chainId: Number(price.chain_id),
    address: price.address,
    decimals: price.decimals,
    symbol: price.symbol,
    name: price.name,
    price: price.price,
    timestamp: Number(price.timestamp),
    confidence: price.confidence,
    blockNumber: Number(price.block_number),
  }
}
