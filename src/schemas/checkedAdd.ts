import { MAX_UINT256 } from './fields.js'

/**
 * Adds two uint256 amounts, or returns `undefined` when the sum passes 2^256−1: no token balance,
 * transfer or `msg.value` can hold it, so a sum of a caller's amounts that does is the caller's
 * mistake (400 `AMOUNT_TOO_LARGE`), never something to simulate.
 * @param a - an amount
 * @param b - another amount
 * @returns `a + b`, or `undefined` past 2^256−1
 */
export function checkedAdd(a: bigint, b: bigint): bigint | undefined {
  const sum = a + b
  return sum > MAX_UINT256 ? undefined : sum
}
