import { quoteExactInput, type QuoteExactInputParameters, type QuoteExactInputReturnType } from '../uniswap-v3/quote.js'
import { swapFeeOf } from './swapFeeOf.js'
import type { UniswapV4PoolSnapshot } from './types.js'

/**
 * Exact-input quote of a hookless Uniswap V4 pool, to the wei: V4's `Pool.swap` is V3's swap loop (same
 * TickBitmap walk, SwapMath rounding and tick crossing), so the V3 math runs it with the fee V4 charges in
 * that direction (see {@link swapFeeOf}) and the helper's price limit (MIN/MAX_SQRT_PRICE ∓ 1).
 *
 * @example
 * quoteExactInputV4(snapshot, { zeroForOne: true, amountIn: 10n ** 18n }).amountOut
 * @returns as {@link quoteExactInput}: 0n unless the whole input is swapped within the loaded ticks
 */
export function quoteExactInputV4(snapshot: UniswapV4PoolSnapshot, params: QuoteExactInputParameters): QuoteExactInputReturnType {
  const fee = swapFeeOf(snapshot, params.zeroForOne)
  return quoteExactInput(fee === snapshot.fee ? snapshot : { ...snapshot, fee }, params)
}
