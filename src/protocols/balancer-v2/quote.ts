import { BalancerMathRevert } from './logExpMath.js'
import { ONE, add, complement, divDown, divUp, mulDown, mulUp, powUp, sub } from './fixedPoint.js'

/** `WeightedMath._MAX_IN_RATIO`: a swap may add at most 30% of the input balance. */
export const MAX_IN_RATIO = 3n * 10n ** 17n

/** Parameters of {@link calcOutGivenIn}, every amount in 18-decimal upscaled units. */
export type CalcOutGivenInParameters = {
  balanceIn: bigint
  weightIn: bigint
  balanceOut: bigint
  weightOut: bigint
  /** Input after the swap fee was subtracted. */
  amountIn: bigint
}

/**
 * `WeightedMath._calcOutGivenIn`, rounding as the contract does (base rounded up, power rounded up,
 * result rounded down). Throws {@link BalancerMathRevert} where the contract reverts (MAX_IN_RATIO).
 */
export function calcOutGivenIn({ balanceIn, weightIn, balanceOut, weightOut, amountIn }: CalcOutGivenInParameters): bigint {
  if (amountIn > mulDown(balanceIn, MAX_IN_RATIO)) throw new BalancerMathRevert('MAX_IN_RATIO')
  const denominator = add(balanceIn, amountIn)
  const base = divUp(balanceIn, denominator)
  const exponent = divDown(weightIn, weightOut)
  const power = powUp(base, exponent)
  return mulDown(balanceOut, complement(power))
}

/** Parameters of {@link quoteWeightedSwap}, raw token units. */
export type QuoteWeightedSwapParameters = {
  balanceIn: bigint
  balanceOut: bigint
  weightIn: bigint
  weightOut: bigint
  decimalsIn: number
  decimalsOut: number
  /** 18-decimal fee fraction. */
  swapFee: bigint
  /** Exact input, raw units, fee included. */
  amountIn: bigint
}

/**
 * Exact-input swap of a Balancer V2 weighted pool as `BaseWeightedPool.onSwap` (GIVEN_IN) computes it:
 * subtract the fee (`amount - amount.mulUp(fee)`) before scaling, upscale amounts and balances to 18
 * decimals, `_calcOutGivenIn`, downscale the output rounding down. Returns 0n where the pool reverts.
 *
 * @example
 * quoteWeightedSwap({ balanceIn: 10n ** 24n, balanceOut: 10n ** 24n, weightIn: 5n * 10n ** 17n,
 *   weightOut: 5n * 10n ** 17n, decimalsIn: 18, decimalsOut: 18, swapFee: 10n ** 16n, amountIn: 10n ** 18n })
 */
export function quoteWeightedSwap(parameters: QuoteWeightedSwapParameters): bigint {
  const { balanceIn, balanceOut, weightIn, weightOut, decimalsIn, decimalsOut, swapFee, amountIn } = parameters
  if (amountIn <= 0n) return 0n
  try {
    const scaleIn = 10n ** BigInt(18 - decimalsIn)
    const scaleOut = 10n ** BigInt(18 - decimalsOut)
    const amountInLessFee = sub(amountIn, mulUp(amountIn, swapFee))
    const out = calcOutGivenIn({
      balanceIn: balanceIn * scaleIn,
      weightIn,
      balanceOut: balanceOut * scaleOut,
      weightOut,
      amountIn: amountInLessFee * scaleIn,
    })
    // _downscaleDown: divDown(amount, ONE * scale) == floor(amount / scale).
    return divDown(out, ONE * scaleOut)
  } catch (error) {
    if (error instanceof BalancerMathRevert) return 0n
    throw error
  }
}
