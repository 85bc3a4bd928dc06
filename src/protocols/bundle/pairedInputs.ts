import type { BundleActionContext } from './types.js'

/**
 * The `tokenIn` and `amountIn` of an action that takes one token or several, as two lists of one length
 * (a single value is a list of one); a different count of amounts is the request's LENGTH_MISMATCH.
 * @returns the tokens and their amounts, index for index
 */
export function pairedInputs<T, A>(ctx: Pick<BundleActionContext, 'fail'>, tokenIn: T | readonly T[], amountIn: A | readonly A[]): { tokens: readonly T[]; amounts: readonly A[] } {
  const tokens = Array.isArray(tokenIn) ? (tokenIn as readonly T[]) : [tokenIn as T]
  const amounts = Array.isArray(amountIn) ? (amountIn as readonly A[]) : [amountIn as A]
  if (tokens.length !== amounts.length) ctx.fail('LENGTH_MISMATCH', 'amountIn', `amountIn has ${amounts.length} entries but tokenIn has ${tokens.length}`)
  return { tokens, amounts }
}
