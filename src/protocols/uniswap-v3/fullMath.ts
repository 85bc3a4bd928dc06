/** 2^256: results at or above it overflow a uint256 and make the contract revert. */
export const MAX_UINT256 = (1n << 256n) - 1n

/** Error thrown when a v3 math step would revert on-chain (overflow, underflow, bounds). */
export class V3MathRevert extends Error {
  override name = 'V3MathRevert'
}

/**
 * `FullMath.mulDiv`: floor(a*b/denominator) with 512-bit intermediate; reverts when the result
 * overflows uint256 or the denominator is zero.
 */
export function mulDiv(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new V3MathRevert('mulDiv: zero denominator')
  const result = (a * b) / denominator
  if (result > MAX_UINT256) throw new V3MathRevert('mulDiv: overflow')
  return result
}

/** `FullMath.mulDivRoundingUp`: ceil(a*b/denominator), same revert conditions as {@link mulDiv}. */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new V3MathRevert('mulDiv: zero denominator')
  const product = a * b
  let result = product / denominator
  if (result > MAX_UINT256) throw new V3MathRevert('mulDiv: overflow')
  // A remainder, found by one multiplication rather than a second bigint division.
  if (result * denominator !== product) {
    if (result >= MAX_UINT256) throw new V3MathRevert('mulDivRoundingUp: overflow')
    result++
  }
  return result
}

/** `UnsafeMath.divRoundingUp`: ceil(x/y) for y > 0. */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  const quotient = x / y
  return quotient * y === x ? quotient : quotient + 1n
}
