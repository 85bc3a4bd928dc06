import { MAX_UINT256, V3MathRevert, divRoundingUp, mulDiv, mulDivRoundingUp } from './fullMath.js'

const Q96 = 1n << 96n
const Q96_MASK = Q96 - 1n
const MAX_UINT160 = (1n << 160n) - 1n

function toUint160(x: bigint): bigint {
  if (x > MAX_UINT160) throw new V3MathRevert('toUint160')
  return x
}

/** `SqrtPriceMath.getNextSqrtPriceFromAmount0RoundingUp`, including its overflow fallbacks. */
export function getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96: bigint, liquidity: bigint, amount: bigint, add: boolean): bigint {
  if (amount === 0n) return sqrtPX96
  const numerator1 = liquidity << 96n
  const product = amount * sqrtPX96
  if (add) {
    // The contract takes the precise branch only when neither the product nor the sum overflows.
    if (product <= MAX_UINT256) {
      const denominator = numerator1 + product
      if (denominator <= MAX_UINT256) return mulDivRoundingUp(numerator1, sqrtPX96, denominator)
    }
    return divRoundingUp(numerator1, numerator1 / sqrtPX96 + amount)
  }
  if (product > MAX_UINT256 || numerator1 <= product) throw new V3MathRevert('amount0 underflow')
  return toUint160(mulDivRoundingUp(numerator1, sqrtPX96, numerator1 - product))
}

/** `SqrtPriceMath.getNextSqrtPriceFromAmount1RoundingDown`. */
export function getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96: bigint, liquidity: bigint, amount: bigint, add: boolean): bigint {
  if (add) {
    // Both contract branches compute floor(amount * 2^96 / liquidity).
    const quotient = mulDiv(amount, Q96, liquidity)
    return toUint160(sqrtPX96 + quotient)
  }
  const quotient = mulDivRoundingUp(amount, Q96, liquidity)
  if (sqrtPX96 <= quotient) throw new V3MathRevert('amount1 underflow')
  return sqrtPX96 - quotient
}

/** `SqrtPriceMath.getNextSqrtPriceFromInput`: next price after adding `amountIn` (rounded not to pass the target). */
export function getNextSqrtPriceFromInput(sqrtPX96: bigint, liquidity: bigint, amountIn: bigint, zeroForOne: boolean): bigint {
  if (sqrtPX96 <= 0n || liquidity <= 0n) throw new V3MathRevert('price or liquidity is zero')
  return zeroForOne
    ? getNextSqrtPriceFromAmount0RoundingUp(sqrtPX96, liquidity, amountIn, true)
    : getNextSqrtPriceFromAmount1RoundingDown(sqrtPX96, liquidity, amountIn, true)
}

/** `SqrtPriceMath.getAmount0Delta` (unsigned form). */
export function getAmount0Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  if (sqrtRatioAX96 > sqrtRatioBX96) [sqrtRatioAX96, sqrtRatioBX96] = [sqrtRatioBX96, sqrtRatioAX96]
  if (sqrtRatioAX96 <= 0n) throw new V3MathRevert('sqrtRatioA is zero')
  const numerator1 = liquidity << 96n
  const numerator2 = sqrtRatioBX96 - sqrtRatioAX96
  return roundUp
    ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, sqrtRatioBX96), sqrtRatioAX96)
    : mulDiv(numerator1, numerator2, sqrtRatioBX96) / sqrtRatioAX96
}

/** `SqrtPriceMath.getAmount1Delta` (unsigned form). */
export function getAmount1Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  if (sqrtRatioAX96 > sqrtRatioBX96) [sqrtRatioAX96, sqrtRatioBX96] = [sqrtRatioBX96, sqrtRatioAX96]
  // mulDiv(Rounding Up) by 2^96, as shifts: the same result and the same overflow revert.
  const product = liquidity * (sqrtRatioBX96 - sqrtRatioAX96)
  let result = product >> 96n
  if (roundUp && (product & Q96_MASK) !== 0n) result++
  if (result > MAX_UINT256) throw new V3MathRevert('mulDiv: overflow')
  return result
}
