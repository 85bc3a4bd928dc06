import type { PriceAnswer } from '../../service/types.js'
import type { PriceOrUnknown } from '../generated/switchyard/data/v1/PriceOrUnknown.js'
import { toProtoPrice } from './toProtoPrice.js'

/**
 * Maps one entry of the prices answer: a price, or `price` left unset when the token has none.
 * @param price - the use case's price, or null
 * @returns the `PriceOrUnknown` message
 */
export function toProtoPriceOrUnknown(price: PriceAnswer | null): PriceOrUnknown {
  return price === null ? {} : { price: toProtoPrice(price) }
}
