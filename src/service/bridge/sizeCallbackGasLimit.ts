import { MAX_CALLBACK_GAS_LIMIT } from '../../protocols/bundle/args.js'
import { DEFAULT_CALLBACK_GAS_LIMIT } from '../../protocols/bridge/defineBridgeAction.js'

/**
 * The gas limit of a bridge callback whose caller named none, from one simulated delivery of it run with the
 * most the receiver allows: the delivery's gas (the callback is a part of it) plus a quarter, rounded up to
 * 10,000, never below {@link DEFAULT_CALLBACK_GAS_LIMIT} nor above the receiver's maximum.
 * @param deliveryGasUsed gas the whole simulated delivery (`lzCompose` / `handleV3AcrossMessage`) used
 * @returns the limit to encode in the callback
 */
export function sizeCallbackGasLimit(deliveryGasUsed: bigint): bigint {
  const padded = deliveryGasUsed + deliveryGasUsed / 4n
  const rounded = ((padded + 9_999n) / 10_000n) * 10_000n
  if (rounded < DEFAULT_CALLBACK_GAS_LIMIT) return DEFAULT_CALLBACK_GAS_LIMIT
  return rounded > MAX_CALLBACK_GAS_LIMIT ? MAX_CALLBACK_GAS_LIMIT : rounded
}
