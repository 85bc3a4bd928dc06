import { BalancerMathRevert, pow } from './logExpMath.js'

/** 1.0 in 18-decimal fixed point. */
export const ONE = 10n ** 18n
const TWO = 2n * ONE
const FOUR = 4n * ONE
const MAX_POW_RELATIVE_ERROR = 10000n
const MAX_UINT256 = (1n << 256n) - 1n

function checked(x: bigint, what: string): bigint {
  if (x > MAX_UINT256) throw new BalancerMathRevert(what)
  return x
}

/** `FixedPoint.add` (checked). */
export const add = (a: bigint, b: bigint): bigint => checked(a + b, 'ADD_OVERFLOW')

/** `FixedPoint.sub` (checked). */
export function sub(a: bigint, b: bigint): bigint {
  if (b > a) throw new BalancerMathRevert('SUB_OVERFLOW')
  return a - b
}

/** `FixedPoint.mulDown`: floor(a*b/1e18). */
export const mulDown = (a: bigint, b: bigint): bigint => checked(a * b, 'MUL_OVERFLOW') / ONE

/** `FixedPoint.mulUp`: ceil(a*b/1e18). */
export function mulUp(a: bigint, b: bigint): bigint {
  const product = checked(a * b, 'MUL_OVERFLOW')
  return product === 0n ? 0n : (product - 1n) / ONE + 1n
}

/** `FixedPoint.divDown`: floor(a*1e18/b). */
export function divDown(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new BalancerMathRevert('ZERO_DIVISION')
  return checked(a * ONE, 'DIV_INTERNAL') / b
}

/** `FixedPoint.divUp`: ceil(a*1e18/b). */
export function divUp(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new BalancerMathRevert('ZERO_DIVISION')
  const aInflated = checked(a * ONE, 'DIV_INTERNAL')
  return aInflated === 0n ? 0n : (aInflated - 1n) / b + 1n
}

/** `FixedPoint.powUp`: x^y rounded up, with the 1/2/4 shortcuts of current pool versions. */
export function powUp(x: bigint, y: bigint): bigint {
  if (y === ONE) return x
  if (y === TWO) return mulUp(x, x)
  if (y === FOUR) {
    const square = mulUp(x, x)
    return mulUp(square, square)
  }
  const raw = pow(x, y)
  const maxError = add(mulUp(raw, MAX_POW_RELATIVE_ERROR), 1n)
  return add(raw, maxError)
}

/** `FixedPoint.complement`: 1 - x, floored at 0. */
export const complement = (x: bigint): bigint => (x < ONE ? ONE - x : 0n)
