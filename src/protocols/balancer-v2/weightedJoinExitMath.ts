import { ONE, add, complement, divDown, divUp, mulDown, mulUp, powUp, sub } from './fixedPoint.js'
import { BalancerMathRevert, pow } from './logExpMath.js'

/**
 * Ports of Balancer V2 `WeightedMath` for joins and exits (pkg/pool-weighted/contracts/WeightedMath.sol)
 * and `BasePoolMath.computeProportionalAmountsOut`, rounding as the contracts do. Every amount is in
 * 18-decimal upscaled units; BPT amounts are raw (BPT has 18 decimals). Throws {@link BalancerMathRevert}
 * where the contract reverts.
 */

/** `WeightedMath._MIN_INVARIANT_RATIO`: a single-token exit may shrink the invariant to 70% at most. */
export const MIN_INVARIANT_RATIO = 7n * 10n ** 17n

const TWO = 2n * ONE
const FOUR = 4n * ONE
const MAX_POW_RELATIVE_ERROR = 10000n

/** `FixedPoint.powDown`: x^y rounded down, with the 1/2/4 shortcuts of current pool versions. */
export function powDown(x: bigint, y: bigint): bigint {
  if (y === ONE) return x
  if (y === TWO) return mulDown(x, x)
  if (y === FOUR) {
    const square = mulDown(x, x)
    return mulDown(square, square)
  }
  const raw = pow(x, y)
  const maxError = add(mulUp(raw, MAX_POW_RELATIVE_ERROR), 1n)
  return raw < maxError ? 0n : raw - maxError
}

/** Parameters of {@link calcBptOutGivenExactTokensIn}. */
export type CalcBptOutGivenExactTokensInParameters = {
  /** Pool balances, upscaled, Vault order. */
  balances: readonly bigint[]
  /** Normalized weights, 18-decimal. */
  weights: readonly bigint[]
  /** Amounts joined, upscaled, same order (0 for tokens not joined). */
  amountsIn: readonly bigint[]
  /** BPT supply the join prices against. */
  totalSupply: bigint
  /** 18-decimal swap fee, charged on the part of each amount above the proportional join. */
  swapFee: bigint
}

/**
 * `WeightedMath._calcBptOutGivenExactTokensIn`: BPT minted for exact amounts in. Amounts beyond the
 * proportional share (the invariant ratio with fees) pay the swap fee on their excess.
 * @returns BPT out, rounded down
 */
export function calcBptOutGivenExactTokensIn(p: CalcBptOutGivenExactTokensInParameters): bigint {
  const { balances, weights, amountsIn, totalSupply, swapFee } = p
  const ratiosWithFee = balances.map((b, i) => divDown(add(b, amountsIn[i]!), b))
  let invariantRatioWithFees = 0n
  ratiosWithFee.forEach((r, i) => {
    invariantRatioWithFees = add(invariantRatioWithFees, mulDown(r, weights[i]!))
  })
  let invariantRatio = ONE
  for (let i = 0; i < balances.length; i++) {
    const balance = balances[i]!
    const amountIn = amountsIn[i]!
    let amountInWithoutFee: bigint
    if (ratiosWithFee[i]! > invariantRatioWithFees) {
      const nonTaxable = invariantRatioWithFees > ONE ? mulDown(balance, invariantRatioWithFees - ONE) : 0n
      amountInWithoutFee = sub(amountIn, mulUp(sub(amountIn, nonTaxable), swapFee))
    } else {
      // No `if (amountIn == 0) continue` as in later WeightedMath: weighted pools v2/v3 still apply
      // powDown(1, w) — one MAX_POW_RELATIVE_ERROR (1e-14) lower per token left out. Against pools with
      // the shortcut (v4+) the quote is that much low, never high.
      amountInWithoutFee = amountIn
    }
    const balanceRatio = divDown(add(balance, amountInWithoutFee), balance)
    invariantRatio = mulDown(invariantRatio, powDown(balanceRatio, weights[i]!))
  }
  return invariantRatio > ONE ? mulDown(totalSupply, invariantRatio - ONE) : 0n
}

/** Parameters of {@link calcTokenOutGivenExactBptIn}. */
export type CalcTokenOutGivenExactBptInParameters = {
  /** Balance of the token out, upscaled. */
  balance: bigint
  /** Its normalized weight. */
  weight: bigint
  bptIn: bigint
  totalSupply: bigint
  swapFee: bigint
}

/**
 * `WeightedMath._calcTokenOutGivenExactBptIn`: a single-token exit. The part beyond the token's
 * proportional share (`1 − weight` of it) pays the swap fee.
 * @returns the token amount out, upscaled, rounded down
 * @throws BalancerMathRevert MIN_BPT_IN_FOR_TOKEN_OUT when more than 30% of the supply is burned
 */
export function calcTokenOutGivenExactBptIn(p: CalcTokenOutGivenExactBptInParameters): bigint {
  const invariantRatio = divUp(sub(p.totalSupply, p.bptIn), p.totalSupply)
  if (invariantRatio < MIN_INVARIANT_RATIO) throw new BalancerMathRevert('MIN_BPT_IN_FOR_TOKEN_OUT')
  const balanceRatio = powUp(invariantRatio, divDown(ONE, p.weight))
  const amountOutWithoutFee = mulDown(p.balance, complement(balanceRatio))
  const taxable = mulUp(amountOutWithoutFee, complement(p.weight))
  const nonTaxable = sub(amountOutWithoutFee, taxable)
  return add(nonTaxable, mulUp(taxable, complement(p.swapFee)))
}

/**
 * `BasePoolMath.computeProportionalAmountsOut`: a proportional exit, `balance × (bptIn / supply)`
 * with the ratio rounded down first.
 * @returns one amount per balance, upscaled, rounded down
 */
export function calcTokensOutGivenExactBptIn(p: { balances: readonly bigint[]; bptIn: bigint; totalSupply: bigint }): bigint[] {
  const ratio = divDown(p.bptIn, p.totalSupply)
  return p.balances.map((b) => mulDown(b, ratio))
}
