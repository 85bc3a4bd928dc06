import { mulDiv, mulDivRoundingUp } from './fullMath.js'
import { getAmount0Delta, getAmount1Delta, getNextSqrtPriceFromInput } from './sqrtPriceMath.js'

/** Result of {@link computeSwapStep}. */
export type ComputeSwapStepReturnType = {
  /** Price after the step. */
  sqrtRatioNextX96: bigint
  /** Input consumed, fee excluded. */
  amountIn: bigint
  /** Output produced. */
  amountOut: bigint
  /** Fee taken from the input. */
  feeAmount: bigint
}

/**
 * `SwapMath.computeSwapStep` for exact input (`amountRemaining >= 0`), bit-exact with the contract:
 * swaps within one price range toward `sqrtRatioTargetX96`, fee in hundredths of a bip.
 */
export function computeSwapStep(
  sqrtRatioCurrentX96: bigint,
  sqrtRatioTargetX96: bigint,
  liquidity: bigint,
  amountRemaining: bigint,
  feePips: number,
): ComputeSwapStepReturnType {
  const zeroForOne = sqrtRatioCurrentX96 >= sqrtRatioTargetX96
  const fee = BigInt(feePips)
  const amountRemainingLessFee = mulDiv(amountRemaining, 1_000_000n - fee, 1_000_000n)
  let amountIn = zeroForOne
    ? getAmount0Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, true)
    : getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, true)
  const sqrtRatioNextX96 =
    amountRemainingLessFee >= amountIn
      ? sqrtRatioTargetX96
      : getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, amountRemainingLessFee, zeroForOne)
  const max = sqrtRatioTargetX96 === sqrtRatioNextX96
  let amountOut: bigint
  if (zeroForOne) {
    if (!max) amountIn = getAmount0Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, true)
    amountOut = getAmount1Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, false)
  } else {
    if (!max) amountIn = getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, true)
    amountOut = getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, false)
  }
  // When the target is not reached the whole remainder is consumed: what is not input is fee.
  const feeAmount = !max ? amountRemaining - amountIn : mulDivRoundingUp(amountIn, fee, 1_000_000n - fee)
  return { sqrtRatioNextX96, amountIn, amountOut, feeAmount }
}
