import type { BalancerV2WeightedPoolSnapshot } from './types.js'
import { calcBptOutGivenExactTokensIn, calcTokenOutGivenExactBptIn, calcTokensOutGivenExactBptIn } from './weightedJoinExitMath.js'

/** The snapshot fields joins and exits are priced on (`totalSupply` required). */
export type JoinExitPool = Pick<BalancerV2WeightedPoolSnapshot, 'balances' | 'weights' | 'decimals' | 'swapFee'> & { totalSupply: bigint }

const scaleOf = (decimals: number) => 10n ** BigInt(18 - decimals)

/**
 * BPT minted by an `EXACT_TOKENS_IN_FOR_BPT_OUT` join, as `BaseWeightedPool` computes it: amounts and
 * balances upscaled to 18 decimals, then `_calcBptOutGivenExactTokensIn` with the pool's swap fee.
 *
 * @example
 * quoteJoinExactTokensIn(pool, [10n ** 18n, 0n]) // a single-sided join of 1 unit of the first token
 *
 * @param pool - the pool's state (Vault token order)
 * @param amountsIn - raw amounts in Vault order, 0 for tokens not joined
 * @returns BPT out (raw)
 * @throws BalancerMathRevert where the pool reverts
 */
export function quoteJoinExactTokensIn(pool: JoinExitPool, amountsIn: readonly bigint[]): bigint {
  const scales = pool.decimals.map(scaleOf)
  return calcBptOutGivenExactTokensIn({
    balances: pool.balances.map((b, i) => b * scales[i]!),
    weights: pool.weights,
    amountsIn: amountsIn.map((a, i) => a * scales[i]!),
    totalSupply: pool.totalSupply,
    swapFee: pool.swapFee,
  })
}

/**
 * Tokens paid by an exit for exact BPT in: `EXACT_BPT_IN_FOR_ONE_TOKEN_OUT` when `tokenIndex` is given
 * (swap fee on the non-proportional part), else `EXACT_BPT_IN_FOR_TOKENS_OUT` (proportional, no fee).
 * Outputs are downscaled rounding down, as the pool does.
 *
 * @example
 * quoteExitExactBptIn(pool, { bptIn: 10n ** 18n, tokenIndex: 1 }) // [0n, amountOfToken1]
 *
 * @param pool - the pool's state (Vault token order)
 * @returns raw amounts out in Vault order (0 for tokens not paid)
 * @throws BalancerMathRevert MIN_BPT_IN_FOR_TOKEN_OUT when a single-token exit burns over 30% of the supply
 */
export function quoteExitExactBptIn(pool: JoinExitPool, p: { bptIn: bigint; tokenIndex?: number | undefined }): bigint[] {
  const scales = pool.decimals.map(scaleOf)
  const balances = pool.balances.map((b, i) => b * scales[i]!)
  const upscaled = p.tokenIndex === undefined
    ? calcTokensOutGivenExactBptIn({ balances, bptIn: p.bptIn, totalSupply: pool.totalSupply })
    : balances.map((b, i) =>
        i === p.tokenIndex ? calcTokenOutGivenExactBptIn({ balance: b, weight: pool.weights[i]!, bptIn: p.bptIn, totalSupply: pool.totalSupply, swapFee: pool.swapFee }) : 0n,
      )
  return upscaled.map((a, i) => a / scales[i]!)
}
