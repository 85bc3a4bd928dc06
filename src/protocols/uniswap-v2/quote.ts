/** Parameters of {@link getAmountOut}. */
export type GetAmountOutParameters = {
  /** Exact input amount. */
  amountIn: bigint
  /** Reserve of the input token. */
  reserveIn: bigint
  /** Reserve of the output token. */
  reserveOut: bigint
  /** Fee in basis points; 30 reproduces UniswapV2Library's 997/1000. */
  feeBps: number
}

/**
 * Output of a constant-product pair for an exact input, as `UniswapV2Library.getAmountOut` computes it
 * (with the fee generalised to basis points: `(10000 - feeBps) / 10000`, which equals 997/1000 at 30).
 * Returns 0n where the library reverts (zero input or empty reserves) instead of throwing.
 *
 * @example
 * getAmountOut({ amountIn: 10n ** 18n, reserveIn: 10n ** 21n, reserveOut: 10n ** 21n, feeBps: 30 })
 * // 996006981039903216n
 */
export function getAmountOut({ amountIn, reserveIn, reserveOut, feeBps }: GetAmountOutParameters): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const amountInWithFee = amountIn * BigInt(10_000 - feeBps)
  const numerator = amountInWithFee * reserveOut
  const denominator = reserveIn * 10_000n + amountInWithFee
  return numerator / denominator
}
